"""The acceptance benchmark (``benchmarks/acceptance.py``): its cases, its harness and its RESULTS.md section.

What is checked is the benchmark itself (the sets are large and cover every class, the numbers are measured
the way the report says, the section is written without touching the rest of RESULTS.md), not the policy's
goals: those are the policy's calibration, asserted where the policy lives.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from benchmarks import acceptance
from benchmarks.acceptance_cases import CASES, INVENTED_CLASSES, LEGIT_CLASSES, invented, legit
from benchmarks.report import write, write_real
from rlm_jupyter.engine.dialogue.prompts import PROMPT_VERSION
from rlm_jupyter.engine.dialogue.protocol import parse_reply
from rlm_jupyter.engine.record.trajectory import Iteration, Run, Verdict

ROOT = Path(__file__).resolve().parents[1]
# One or two cases of a few classes each: what the harness must tell apart, in a few seconds.
SUBSET = ["cancelled_count", "revenue_dollars", "month_difference", "finalvar_dataframe",
          "invented_refund_total", "bare_wrong_region", "before_reading_number", "failed_block_total"]


def test_the_sets_are_large_enough_and_cover_every_class() -> None:
    assert len(legit()) >= 40 and len(invented()) >= 25
    assert {c.cls for c in legit()} == set(LEGIT_CLASSES)
    assert {c.cls for c in invented()} == set(INVENTED_CLASSES)
    for wanted in ("plain value", "formatted value", "other language", "derived arithmetic", "sub-call result",
                   "label selected by code", "table lookup", "readable label", "hedged approximation",
                   "qualitative summary", "FINAL_VAR object", "nothing found", "date in another format"):
        assert wanted in LEGIT_CLASSES
    for wanted in ("never computed", "neighbouring row", "wrong label in a sentence", "bare wrong label",
                   "nothing found after a wrong search", "value of a failed block", "unseen date", "wrong shape",
                   "answer before reading", "small invented count", "FINAL next to a failing block",
                   "input handed back"):
        assert wanted in INVENTED_CLASSES
    assert len({c.name for c in CASES}) == len(CASES)


def _answers(reply: str) -> bool:
    """A reply that gives an answer: a FINAL written or called, DSPy's SUBMIT, or the answer dict set ready."""
    parsed = parse_reply(reply)
    code = "\n".join(parsed.code)
    return (parsed.final is not None or "FINAL(" in code or "SUBMIT(" in code
            or re.search(r"""['"]ready['"]\s*(?::|\]\s*=)\s*True""", code) is not None)


def test_every_case_builds_and_its_replies_end_at_its_first_final() -> None:
    for case in CASES:
        script = case.build()
        assert script.context and script.replies, case.name
        *before, last = script.replies
        assert not any(_answers(reply) for reply in before), case.name
        assert _answers(last), case.name
        if case.kind == "legit":
            assert script.after, f"{case.name}: a legitimate case says how it complies after a refusal"


@pytest.fixture(scope="module")
def measured() -> acceptance.Results:
    cases = [c for c in CASES if c.name in SUBSET]
    assert len(cases) == len(SUBSET)
    return acceptance.run_benchmark(cases, ["strict", "off"])


def test_under_off_every_final_ends_the_run_and_the_harness_counts_the_invented_answers(
        measured: acceptance.Results) -> None:
    off = measured.summaries["off"]
    assert off.legit == 4 and off.invented == 4
    assert off.legit_first == off.legit and off.extra_calls_mean == 0
    assert off.invented_accepted == off.invented and off.invented_share == 1.0  # the paper's protocol lets them all in
    for o in measured.of("off"):
        assert o.first and o.accepted and o.status == "final" and not o.refused_by, o
        assert o.root_calls == o.final_turn + 1


def test_under_strict_the_harness_records_refusals_gates_and_extra_calls(measured: acceptance.Results) -> None:
    strict = measured.summaries["strict"]
    assert strict.legit == 4 and strict.invented == 4
    assert 0 <= strict.legit_first <= strict.legit and 0 <= strict.invented_accepted <= strict.invented
    before = next(o for o in measured.of("strict") if o.case == "before_reading_number")
    # No code read the data: a hard gate, so strict refuses it, and the model only repeats itself.
    assert not before.first and not before.accepted and before.refused_by == ["read-first"]
    assert before.extra_calls == before.root_calls - 1 > 0 and before.notes[0]
    for o in measured.of("strict"):
        assert o.first == (o.status == "final" and o.turns == o.final_turn + 1)
        assert o.first or o.refused_by, o  # a refusal always names its gate ("?" when none can be told)
        assert 0 <= o.small_seen <= 100
    seen = [o.small_seen for o in measured.of("strict", "legit")]
    assert strict.seen_max == max(seen) and min(seen) <= strict.seen_median <= max(seen)
    by_class = strict.per_class["derived arithmetic"]
    assert by_class[1] == 1 and by_class[0] == int(next(o for o in measured.of("strict") if o.case == "month_difference").first)


def test_insisting_runs_the_last_block_again_before_each_answer_sent_again() -> None:
    replies = ["```repl\nprint(1)\n```", "look\n```repl\nprint(t.sum())\n```", "FINAL(42)"]
    turns = acceptance.insisting(replies, [])
    assert turns[:4] == ["```repl\nprint(t.sum())\n```", "FINAL(42)"] * 2
    assert acceptance.insisting(["FINAL(42)"], ["FINAL(42)"]) == ["FINAL(42)"]  # nothing to run again
    invented = [c for c in CASES if c.name in SUBSET and c.kind == "invented"]
    insisted = acceptance.run_benchmark(invented, ["strict"], insist=True)
    assert all(o.turns > o.final_turn + 1 or o.first for o in insisted.of("strict")), insisted.outcomes


def test_the_section_names_the_policies_the_prompt_version_and_the_command(measured: acceptance.Results) -> None:
    section = acceptance.render(measured, command="python -m benchmarks.acceptance --write", date="2026-01-02 03:04 UTC")
    assert section.startswith("## Acceptance\n\nGenerated by `python -m benchmarks.acceptance --write` on 2026-01-02")
    assert f"`{PROMPT_VERSION}`" in section and "`strict`, `off`" in section
    assert "| `strict` | " in section and "| `off` | 4/4 (100%) | 0.00 | 4/4 (100%) | " in section
    assert "Goals for the default policy (`strict`)" in section
    assert "Under `strict`, invented answers accepted:" in section
    assert "| invented | bare wrong label | 1 | " in section
    assert section.count("\n## ") == 0  # one section: nothing in it looks like the next heading


RESULTS_TEXT = (ROOT / "benchmarks" / "RESULTS.md").read_text(encoding="utf-8")


def test_writing_the_section_keeps_every_other_byte_of_results_md(tmp_path: Path) -> None:
    path = tmp_path / "RESULTS.md"
    original = acceptance.put_section(RESULTS_TEXT, "## Acceptance\n\nplaceholder\n") \
        if acceptance.section_of(RESULTS_TEXT) is None else RESULTS_TEXT
    start, end = acceptance.section_of(original) or (0, 0)
    rest = original[:start] + original[end:]
    path.write_text(original, encoding="utf-8")
    for body in ("first numbers", "second numbers,\nlonger\n\n| a | b |\n"):
        acceptance.write_section(path, f"## Acceptance\n\n{body}\n")
        text = path.read_text(encoding="utf-8")
        start, end = acceptance.section_of(text) or (0, 0)
        assert text[start:end].rstrip("\n") == f"## Acceptance\n\n{body}".rstrip("\n")
        assert text[:start] + text[end:] == rest
    # Just before "Real model" (after the hand-written notes): where both other writers leave it alone.
    assert text.index("## Acceptance") < text.index("\n## Real model")
    assert text.index("## Prompt iterations on the real model") < text.index("## Acceptance")


def test_a_new_section_goes_just_before_the_real_model_section_and_the_rest_stays() -> None:
    text = "# Benchmark results\n\n## Task quality\n\nx\n\n## Prompt iterations on the real model\n\nnotes\n\n## Real model\n\nm\n"
    put = acceptance.put_section(text, "## Acceptance\n\nnumbers\n")
    assert put == ("# Benchmark results\n\n## Task quality\n\nx\n\n## Prompt iterations on the real model\n\nnotes\n\n"
                   "## Acceptance\n\nnumbers\n\n## Real model\n\nm\n")
    assert acceptance.put_section(put, "## Acceptance\n\nnew\n") == put.replace("numbers", "new")
    assert acceptance.put_section("# Benchmark results\n", "## Acceptance\n\nn\n") == "# Benchmark results\n\n## Acceptance\n\nn\n"


def test_the_section_survives_a_scripted_benchmark_run_and_a_real_model_run(tmp_path: Path) -> None:
    path = tmp_path / "RESULTS.md"
    path.write_text(RESULTS_TEXT, encoding="utf-8")
    section = "## Acceptance\n\nthe calibration numbers\n"
    acceptance.write_section(path, section)
    # A scripted `python -m benchmarks` run rewrites everything before the hand-written real-model notes.
    write(path, quick=True, command="python -m benchmarks --quick", libraries=[], skipped={}, tasks=[],
          task_results=[], scaffold={}, endpoint_note="", dspy_sandbox=None, plot_written=False)
    text = path.read_text(encoding="utf-8")
    assert "--quick" in text and section in text and text.index(section) < text.index("\n## Real model")
    # A --real run rewrites the Real model section and keeps everything before it (the Guard section sits between).
    write_real(path, "## Real model\n\nremeasured\n")
    text = path.read_text(encoding="utf-8")
    assert section in text and text.endswith("\n## Real model\n\nremeasured\n")


def test_the_command_line_prints_the_tables_and_writes_only_its_section(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "RESULTS.md"
    path.write_text("# Benchmark results\n\n## Prompt iterations on the real model\n\nnotes\n\n## Real model\n\nm\n",
                    encoding="utf-8")
    assert acceptance.main(["--only", "cancelled_count,before_reading_number", "--policy", "strict",
                            "--policy", "strict,-picked-by-eye", "--write", "--results", str(path)]) == 0
    out = capsys.readouterr().out
    assert "| `strict` | 1/1 (100%) |" in out or "| `strict` | 0/1 (0%) |" in out
    assert "| `strict,-picked-by-eye` | " in out
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# Benchmark results\n\n## Prompt iterations on the real model\n\nnotes\n\n## Acceptance\n\n"
                           "Generated by `python -m benchmarks.acceptance --only cancelled_count,before_reading_number")
    assert text.endswith("\n\n## Real model\n\nm\n")
    with pytest.raises(SystemExit):
        acceptance.main(["--only", "no_such_case"])


def test_an_engine_without_verdicts_is_read_off_the_note_the_model_was_sent() -> None:
    note = ("Your FINAL was not accepted: south is one row of a table your code printed, picked out by eye. Select "
            "the row with code, print the selection alone, then finish.")
    run = Run(id="r", question="Which region has the largest total?", model="m", sub_model="m", status="repetition",
              iterations=[Iteration(index=0, reply="FINAL(south)", feedback=f"[output]\nnorth  3\n\n{note}\n\nTurn 2 of 6.")])
    outcome = acceptance.Outcome("c", "bare wrong label", "invented", "strict", run.status, 0, 1, 3, False, False)
    acceptance.read_refusal(run, 0, outcome)
    assert outcome.refused_by == ["wrong-extreme"] and outcome.notes == [note] and not outcome.from_verdicts
    run.iterations[0].feedback = "[output]\nnorth  3\n\nSomething new the engine says.\n\nTurn 2 of 6."
    unknown = acceptance.Outcome("c", "bare wrong label", "invented", "strict", run.status, 0, 1, 3, False, False)
    acceptance.read_refusal(run, 0, unknown)
    assert unknown.refused_by == ["?"] and unknown.notes == ["Something new the engine says."]
    run.iterations[0].verdicts = [Verdict("wrong-extreme", "refused", note, {"label": "south"})]
    recorded = acceptance.Outcome("c", "bare wrong label", "invented", "strict", run.status, 0, 1, 3, False, False)
    acceptance.read_refusal(run, 0, recorded)
    assert recorded.refused_by == ["wrong-extreme"] and recorded.from_verdicts


# -- the second case set: any case module through --cases, and its split ----------------------------------------
def test_cases_loads_a_module_by_dotted_name_or_path_and_all_joins_the_sets() -> None:
    from benchmarks import cases_holdout, cases_tune

    tune = acceptance.load_cases("benchmarks.cases_tune")
    assert [c.name for c in tune.cases] == [c.name for c in cases_tune.CASES]
    assert tune.legit_classes == cases_tune.LEGIT_CLASSES and tune.source == "benchmarks/cases_tune.py"
    by_path = acceptance.load_cases(str(ROOT / "benchmarks" / "cases_holdout.py"))
    assert [c.name for c in by_path.cases] == [c.name for c in cases_holdout.CASES]
    every = acceptance.load_cases("all")
    assert len(every.cases) == len(CASES) + len(cases_tune.CASES) + len(cases_holdout.CASES)
    assert set(LEGIT_CLASSES) | set(cases_tune.LEGIT_CLASSES) == set(every.legit_classes)
    for wrong in ("benchmarks.no_such_cases", "no/such/file.py", "benchmarks.sections"):
        with pytest.raises(ValueError, match="--cases"):
            acceptance.load_cases(wrong)


def test_a_case_module_outside_the_package_runs_through_the_command_line(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    module = tmp_path / "my_cases.py"
    module.write_text(
        "from benchmarks.acceptance_cases import Registry, Script, repl\n"
        "import pandas as pd\n"
        "REGISTRY = Registry(('plain',), ('made up',))\nCASES = REGISTRY.cases\nLEGIT_CLASSES = REGISTRY.legit_classes\n"
        "INVENTED_CLASSES = REGISTRY.invented_classes\n\n"
        "@REGISTRY.case('my_count', 'plain', 'legit', 'How many rows?')\n"
        "def _my_count() -> Script:\n"
        "    return Script({'df': pd.DataFrame({'a': [1, 2, 3]})}, [repl('print(len(df))'), 'FINAL(3)'],\n"
        "                  [repl('print(len(df))'), 'FINAL(3)'])\n", encoding="utf-8")
    assert acceptance.main(["--cases", str(module), "--policy", "off"]) == 0
    out = capsys.readouterr().out
    assert f"Cases (`{module.resolve()}`): 1 legitimate answers" in out
    assert "| `off` | 1/1 (100%) |" in out and "| legitimate | plain | 1 | 1 |" in out
    with pytest.raises(SystemExit):  # the Acceptance section of RESULTS.md reports the default set only
        acceptance.main(["--cases", str(module), "--write"])


def test_the_split_halves_are_the_seeded_assignment_and_large_enough() -> None:
    from benchmarks import cases_holdout, cases_kit, cases_tune

    halves = cases_kit.assign(cases_tune.CASES + cases_holdout.CASES, cases_kit.SPLIT_SEED)
    assert {c.name for c in cases_tune.CASES} == {n for n, h in halves.items() if h == "tune"}
    assert {c.name for c in cases_holdout.CASES} == {n for n, h in halves.items() if h == "holdout"}
    for module in (cases_tune, cases_holdout):
        kinds = [c.kind for c in module.CASES]
        assert kinds.count("legit") >= 35 and kinds.count("invented") >= 18
        assert {c.cls for c in module.CASES if c.kind == "legit"} == set(cases_kit.LEGIT_CLASSES)
        assert {c.cls for c in module.CASES if c.kind == "invented"} == set(cases_kit.INVENTED_CLASSES)
    assert not set(cases_kit.LEGIT_CLASSES) & set(LEGIT_CLASSES)  # classes beyond the first set's
    assert not set(cases_kit.INVENTED_CLASSES) & set(INVENTED_CLASSES)
    names = [c.name for c in CASES + cases_tune.CASES + cases_holdout.CASES]
    assert len(set(names)) == len(names)


def test_every_split_case_builds_and_its_replies_end_at_its_first_answer() -> None:
    from benchmarks import (
        cases_holdout,
        cases_holdout14,
        cases_holdout18,
        cases_holdout19,
        cases_holdout20,
        cases_holdout21,
        cases_holdout22,
        cases_tune,
        cases_tune2,
        cases_tune3,
        cases_tune4,
        cases_tune5,
        cases_tune6,
        cases_tune7,
        cases_tune8,
        cases_tune9,
        cases_tune10,
        cases_tune11,
        cases_tune12,
        cases_tune13,
        cases_tune14,
        cases_tune15,
        cases_tune16,
        cases_tune17,
        cases_tune18,
        cases_tune19,
    )

    every = (cases_tune.CASES + cases_holdout.CASES + cases_tune2.CASES + cases_tune3.CASES + cases_tune4.CASES
             + cases_tune5.CASES + cases_tune6.CASES + cases_tune7.CASES + cases_tune8.CASES
             + cases_tune9.CASES + cases_tune10.CASES + cases_tune11.CASES + cases_tune12.CASES
             + cases_tune13.CASES + cases_tune14.CASES + cases_tune15.CASES + cases_tune16.CASES
             + cases_tune17.CASES + cases_tune18.CASES + cases_tune19.CASES + cases_holdout14.CASES
             + cases_holdout18.CASES + cases_holdout19.CASES + cases_holdout20.CASES
             + cases_holdout21.CASES + cases_holdout22.CASES)
    assert len({c.name for c in every}) == len(every)
    for case in every:
        script = case.build()
        assert script.context and script.replies, case.name
        assert not any(_answers(r) for r in script.replies[:-1]) and _answers(script.replies[-1]), case.name
        if case.kind == "legit":
            assert script.after and _answers(script.after[-1]), f"{case.name}: a legitimate case says how it complies"
