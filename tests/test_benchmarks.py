"""The benchmark suite's own tests: seeded generators, scorers, scripted strategies end to end, the CLI.

Only rlm_jupyter is needed: the reference libraries (rlms, dspy) are not
installed in the project environment, so their parts are checked through
the dialects they are spoken to in, not by running them.
"""
from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pandas as pd
import pytest

from benchmarks import failures
from benchmarks.__main__ import main as bench_main
from benchmarks.dialects import DIALECTS, Step, detect, responder
from benchmarks.harness import bundled_server, run_tasks, use_task
from benchmarks.libraries import LIBRARIES, Endpoint, Options, trace_of_dspy, trace_of_rlms
from benchmarks.real import Outcome
from benchmarks.report import real_section_of, write, write_real
from benchmarks.tasks import all_tasks, cohort, logs, niah, oolong, oolong_pairs, records
from benchmarks.tasks.scoring import decode, f1, numeric_score, pairs_of
from rlm_jupyter import RLM
from rlm_jupyter.demo_model.datasets import make_event_log, make_haystack, make_orders_with_traps
from rlm_jupyter.engine.dialogue.conversation import Conversation
from rlm_jupyter.engine.dialogue.prompts import PROMPT_VERSION
from rlm_jupyter.engine.record.trajectory import CodeCell, Iteration, Run, Status, SubCall, Verdict
from rlm_jupyter.testing import ChatRequest, FakeLLMServer

ROOT = Path(__file__).resolve().parents[1]
TASKS = {task.name: task for task in all_tasks()}
SMALL = {"niah": 2_000, "oolong": 200, "oolong_pairs": 100, "cohort": 5_000, "logs": 200_000}


# -- generators ---------------------------------------------------------------------------------------------------
def test_haystack_is_seeded_and_holds_its_needles() -> None:
    a, b, other = make_haystack(50_000, seed=4), make_haystack(50_000, seed=4), make_haystack(50_000, seed=5)
    assert a == b and a.text != other.text
    assert len(a.text) == 50_000
    assert a.text[a.position:].startswith(f"One of the special magic numbers for {a.key} is: {a.value}.")
    assert len(a.distractors) == 3 and all(f"for {k} is: {v}." in a.text for k, v in a.distractors.items())


def test_orders_with_traps_are_seeded_and_have_both_traps() -> None:
    a, b = make_orders_with_traps(20_000, seed=1), make_orders_with_traps(20_000, seed=1)
    pd.testing.assert_frame_equal(a, b)
    assert not a.equals(make_orders_with_traps(20_000, seed=2))
    assert len(a) == 20_000 and a.duplicated().sum() == 200
    assert 0.03 < (a["status"] == "refunded").mean() < 0.07


def test_event_log_is_seeded_json_with_three_distinct_planted_services() -> None:
    a, b = make_event_log(50_000, seed=3), make_event_log(50_000, seed=3)
    assert a == b and a.text != make_event_log(50_000, seed=4).text
    document = json.loads(a.text)
    assert len(document["events"]) == 50_000 and document["fields"] == ["t", "s", "status", "latency_ms"]
    services = {a.planted[p]["service"] for p in ("spike", "deploy_burst", "rising_latency")}
    assert len(services) == 3
    burst = a.planted["deploy_burst"]
    assert burst in [{"service": d["service"], "version": d["version"]} for d in document["deploys"]]


def test_full_size_log_is_about_50_megabytes() -> None:
    log = make_event_log(280_000, seed=0)  # a tenth of the full size: the size is linear in events
    assert 45e6 < 10 * len(log.text) < 60e6


@pytest.mark.parametrize("name", sorted(TASKS))
def test_task_generators_are_deterministic(name: str) -> None:
    task = TASKS[name]
    first, second = task.generate(SMALL[name], 3), task.generate(SMALL[name], 3)
    assert [i.question for i in first] == [i.question for i in second]
    for x, y in zip(first, second):
        if isinstance(x.context, pd.DataFrame):
            pd.testing.assert_frame_equal(x.context, y.context)
        else:
            assert x.context == y.context
        assert x.gold == y.gold


def test_record_labels_are_hidden_but_recognisable_by_the_sub_model() -> None:
    data = records.make_records(600, users=30, seed=2)
    assert not any(word in data.text for word in ("human being", "numeric value", "abstract concept", "abel"))
    instances = [line.split("|| Instance: ")[1] for line in data.text.splitlines()]
    assert [records.classify(i) for i in instances] == data.labels
    wh = {label: {t.split()[0] for t in templates} for label, templates in records.TEMPLATES.items()}
    assert sum("What" in words for words in wh.values()) >= 4  # wh-words do not give the class away


# -- scorers ------------------------------------------------------------------------------------------------------
def test_niah_scorer() -> None:
    assert niah.score("The number is 4821937.", "4821937") == 1.0
    assert niah.score("4821938", "4821937") == 0.0 and niah.score("", "4821937") == 0.0
    haystack = niah.generate(2_000, seed=0)[0]
    assert haystack.gold in haystack.context
    assert niah.score(haystack.context, haystack.gold) == 0.0  # the context handed back is not an answer


def test_oolong_scorer_exact_labels_and_discounted_numbers() -> None:
    assert oolong.score("Location", "location") == 1.0 and oolong.score("'location'.", "location") == 1.0
    assert oolong.score("human being", "location") == 0.0
    assert oolong.score(12, 12) == 1.0 and oolong.score("13 data points", 12) == 0.75
    assert oolong.score("10", 12) == pytest.approx(0.5625) and oolong.score("none", 12) == 0.0
    assert numeric_score("1,204", 1204) == 1.0


def test_pairs_scorer_is_f1_over_unordered_pairs() -> None:
    gold = {(1, 2), (1, 3), (2, 3), (4, 5)}
    assert oolong_pairs.score([(2, 1), (1, 3), (3, 2), (5, 4)], gold) == 1.0
    assert oolong_pairs.score("[[1, 2], [1, 3]]", gold) == pytest.approx(2 * 1.0 * 0.5 / 1.5)
    assert oolong_pairs.score("(1, 2), (7, 8)", gold) == pytest.approx(f1({(1, 2), (7, 8)}, gold))
    assert oolong_pairs.score([], gold) == 0.0 and f1(set(), set()) == 1.0
    assert pairs_of("(3, 3)") == set()


def test_cohort_scorer_cells_within_a_tenth_of_a_point() -> None:
    gold = {"2024-01": {0: 100.0, 1: 40.0, 2: 25.0}, "2024-02": {0: 100.0, 1: 33.3333}}
    frame = pd.DataFrame({0: [100.0, 100.0], 1: [40.05, 33.3], 2: [25.0, float("nan")]}, index=["2024-01", "2024-02"])
    assert cohort.score(frame, gold) == 1.0
    assert cohort.score(frame.to_json(orient="split"), gold) == 1.0  # how rlms / dspy return it
    assert cohort.score(frame.assign(**{"1": [40.2, 33.3]}).drop(columns=[1]), gold) == pytest.approx(4 / 5)
    assert cohort.score("no idea", gold) == 0.0
    cells = frame.stack()  # a Series indexed by (cohort, k): a table too
    assert cells.index.nlevels == 2 and cohort.score(cells, gold) == 1.0
    assert cohort.score(pd.Series([100.0, 40.0]), gold) == 0.0  # one level: no table (a real model's answer)


def test_cohort_gold_counts_traps_and_naive_code_misses_them() -> None:
    orders = make_orders_with_traps(30_000, seed=0)
    gold = cohort.gold_table(orders)
    naive = cohort.gold_table(orders.assign(status="completed"))  # forgets the refunds
    assert cohort.score(naive, gold) < 0.9
    assert all(row[0] == 100.0 for row in gold.values())


def test_logs_scorer_counts_each_planted_pattern() -> None:
    gold = {"spike": {"service": "auth", "start_minute": 300}, "deploy_burst": {"service": "api", "version": "v1.2.3"},
            "rising_latency": {"service": "search"}}
    right = {"spike": {"service": "auth", "start_minute": 303}, "deploy_burst": {"service": "api", "version": "v1.2.3"},
             "rising_latency": {"service": "search"}}
    assert logs.score(right, gold) == 1.0 and logs.score(json.dumps(right), gold) == 1.0
    wrong = {**right, "spike": {"service": "auth", "start_minute": 320}, "rising_latency": {"service": "api"}}
    assert logs.parts(wrong, gold) == {"spike": 0.0, "deploy_burst": 1.0, "rising_latency": 0.0}
    assert logs.score("the logs look fine", gold) == 0.0


def test_decode_turns_text_answers_back_into_data() -> None:
    frame = pd.DataFrame({0: [1.0]}, index=["2024-01"])
    assert decode(frame.to_json(orient="split")).iloc[0, 0] == 1.0
    assert decode('{"a": 1}') == {"a": 1} and decode("plain words") == "plain words"


# -- dialects: how the strategies speak to each library ---------------------------------------------------------
def _request(system: str, user: str, assistants: int = 0) -> ChatRequest:
    messages = [{"role": "system", "content": system}, {"role": "user", "content": user}]
    messages += [{"role": "assistant", "content": "..."}, {"role": "user", "content": "out"}] * assistants
    return ChatRequest("bench-root", messages, False, {})


def _ours(question: str, assistants: int = 0) -> ChatRequest:
    opening = Conversation.start(question, "`orders`: pandas.DataFrame, 3 rows", None, 20).request()[-1]["content"]
    return _request("... FINAL_VAR(...) ...", opening, assistants)


OURS = _ours("How many?", 1)
RLMS = _request('... answer["ready"] = True ...',
                "Answer the following: How many?\n\nYour context is a str of 9 total characters.", 2)
DSPY = _request("... SUBMIT(answer) ... [[ ## code ## ]] ...",
                "[[ ## variables_info ## ]]\nVariable: `context` (access it in your code)\n    Type: str\n    Preview:\n    ```\n"
                "    a,b\n    ```\nVariable: `query` (access it in your code)\n    Type: str\n    Preview:\n    ```\n"
                "    How many?\n    ```\n[[ ## iteration ## ]]\n3/20")


def test_dialects_read_question_variable_and_turn() -> None:
    assert [detect(r).name for r in (OURS, RLMS, DSPY)] == ["ours", "rlms", "dspy"]
    prompts = [detect(r).prompt(r) for r in (OURS, RLMS, DSPY)]
    assert [(p.question, p.variable, p.type_name, p.turn) for p in prompts] == [
        ("How many?", "orders", "pandas.DataFrame", 1), ("How many?", "context", "str", 2),
        ("How many?", "context", "str", 2)]


def test_dialects_render_the_finish_each_library_expects() -> None:
    step = Step("Done.", "result = 1", final="result")
    ours, rlms, dspy = (d.render(step) for d in DIALECTS)
    assert "```repl\nresult = 1\n```" in ours and ours.endswith("FINAL_VAR(result)")
    assert 'answer["ready"] = True' in rlms and "```repl\nresult = 1\nanswer[\"content\"] = " in rlms
    assert dspy.startswith("[[ ## reasoning ## ]]") and "SUBMIT(answer=" in dspy and dspy.endswith("[[ ## completed ## ]]")


def test_text_contexts_are_loaded_by_the_first_step_only() -> None:
    respond = responder(cohort.strategy, "orders", "DataFrame", cohort.loader)
    first_rlms = respond(_request('answer["ready"]', "Answer the following: q\n\nYour context is a str of 9 total characters."))
    assert "orders = pd.read_csv(io.StringIO(context)" in first_rlms
    assert "read_csv" not in respond(RLMS)
    assert "read_csv" not in respond(_ours("q"))


# -- the scripted strategies end to end through rlm_jupyter.RLM ---------------------------------------------------
@pytest.fixture(scope="module")
def bench_server() -> Iterator[FakeLLMServer]:
    with FakeLLMServer(models={}) as server:
        yield server


@pytest.mark.parametrize("name", sorted(TASKS))
def test_scripted_strategy_solves_its_task_through_rlm(name: str, bench_server: FakeLLMServer) -> None:
    task = TASKS[name]
    use_task(bench_server, task)
    with RLM(model="bench-root", sub_model="bench-sub", base_url=bench_server.base_url, api_key="x",
             max_iterations=10) as rlm:
        for instance in task.generate(SMALL[name], 1):
            run = rlm.run(instance.question, {task.canonical: instance.context})
            assert run.status == "final", run.message
            assert task.score(run.answer, instance.gold) == 1.0, (instance.kind, run.answer, instance.gold)
    subs = [r for r in bench_server.requests if r.model == "bench-sub"]
    assert subs or name == "cohort"  # every task but the pure-pandas one delegates to the sub-model


def test_strategies_compute_answers_from_the_data_not_from_the_gold() -> None:
    """A wrong context gives a wrong answer: the strategies hold no answer key."""
    task = TASKS["niah"]
    right, other = task.generate(2_000, 1)[0], task.generate(2_000, 2)[0]
    with FakeLLMServer(models={}) as server:
        use_task(server, task)
        with RLM(model="bench-root", sub_model="bench-sub", base_url=server.base_url, api_key="x") as rlm:
            run = rlm.run(right.question, {"haystack": other.context})
    assert task.score(run.answer, right.gold) == 0.0


def test_harness_reports_scores_per_library(bench_server: FakeLLMServer) -> None:
    results = run_tasks([TASKS["oolong_pairs"]], [LIBRARIES["ours"]], None, quick=True, log=lambda _: None)
    assert [(r.library, r.score, r.errors) for r in results] == [("ours", 1.0, [])]


def test_reference_libraries_are_reported_when_missing() -> None:
    for name in ("rlms", "dspy"):
        library = LIBRARIES[name]
        if library.unavailable() is not None:
            assert "not installed" in library.unavailable()
    assert LIBRARIES["ours"].unavailable() is None
    assert Endpoint("http://x/v1", "m", "s").api_key == "not-needed"


# -- the command line -----------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_quick_run_writes_results(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "benchmarks", "--quick", "--only", "ours", "--out", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    results = (tmp_path / "RESULTS.md").read_text()
    for heading in ("## Headline", "## Task quality", "## Fan-out", "## Scaffold overhead", "## Peak memory", "## Start-up"):
        assert heading in results
    assert "⚠" not in results
    raw = json.loads((tmp_path / "results.json").read_text())
    assert {r["task"] for r in raw["tasks"]} == set(TASKS)
    assert all(r["scores"] and min(r["scores"]) == 1.0 for r in raw["tasks"])


# -- real-model mode: the failure classifier and the --real command ------------------------------------------------
def _run(*turns: tuple[str, list[tuple[str, str | None]], list[str]], status: Status = "max_iterations",
         answer: object = None, last_word: str | None = None) -> Run:
    """A hand-made Run record: per turn (reply, [(code, error)], [sub-call prompts])."""
    iterations = [Iteration(index=i, reply=reply, cells=[CodeCell(code, error=error) for code, error in cells],
                            subcalls=[SubCall(id=j, kind="llm", model="m", prompt=p, depth=1, iteration=i)
                                      for j, p in enumerate(prompts)])
                  for i, (reply, cells, prompts) in enumerate(turns)]
    return Run(id="r", question="q", model="m", sub_model="m", context_names=["haystack"], status=status,
               answer=answer, iterations=iterations, last_word=last_word)


HAYSTACK = "filler text. " * 200 + "The special magic number for koala is: 4242. " + "more filler. " * 200


def _classes(run: Run) -> list[str]:
    return failures.classify(failures.trace_of_run(run), ["haystack", "context"], HAYSTACK)


def test_classifier_no_code_block_and_out_of_turns() -> None:
    run = _run(("I think the number is 4242.", [], []), ("The number is probably 4242.", [], []))
    assert _classes(run) == [failures.NO_CODE, failures.OUT_OF_TURNS]


def test_classifier_final_var_of_an_unknown_name_is_a_final_not_recognised() -> None:
    run = _run(("```repl\nx = haystack.count('magic')\nprint(x)\n```\nFINAL_VAR(result)", [("x = haystack.count('magic')\nprint(x)", None)], []),
               ("FINAL_VAR(answer)", [], []))
    assert _classes(run) == [failures.FINAL_MISSED, failures.OUT_OF_TURNS]


def test_classifier_sub_calls_without_the_data_and_an_answer_from_memory() -> None:
    code = "answer = llm_query('What is the special magic number for koala?')"
    run = _run((f"```repl\n{code}\n```\nFINAL_VAR(answer)", [(code, None)], ["What is the special magic number for koala?"]),
               status="final", answer="1234")
    assert _classes(run) == [failures.NO_CONTEXT, failures.MEMORY]
    passed = "ask = llm_query('Find the number: ' + haystack[2500:3000])"
    window = "Find the number: " + HAYSTACK[2500:3000]
    run = _run((f"```repl\n{passed}\n```", [(passed, None)], [window]), ("FINAL_VAR(ask)", [], []),
               status="final", answer="1234")
    assert _classes(run) == []  # the data went to the sub-call and code read it: a wrong answer of another kind


def test_classifier_unrecognised_fence_and_unrecovered_code_error() -> None:
    run = _run(("```bash\nprint(len(haystack))\n```", [], []),
               ("```repl\nprint(haystack[10**9])\n```", [("print(haystack[10**9])", "IndexError: string index out of range")], []))
    assert _classes(run) == [failures.NO_CODE, failures.FENCE, failures.CODE_ERROR, failures.OUT_OF_TURNS]
    sample = _run(("The output was:\n```\n4242\n```\nFINAL(4242)", [], []), status="final", answer=4242)
    assert failures.FENCE not in _classes(sample)  # a fenced sample of output is not unrun code


def test_classifier_reads_the_forced_last_word_and_a_clean_run() -> None:
    code = "print(haystack.count('magic'))"
    run = _run((f"```repl\n{code}\n```", [(code, None)], []), last_word="The answer is FINAL_VAR(missing)")
    assert failures.OUT_OF_TURNS in _classes(run)
    assert failures.trace_of_run(run).root_calls == 2  # the forced reply is a root call
    solved = _run((f"```repl\n{code}\n```\nFINAL(1)", [(code, None)], []), status="final", answer=1)
    assert _classes(solved) == []


def test_rlms_and_dspy_records_become_traces() -> None:
    code = "x = llm_query('hello there, what is up with the data?')"
    block = {"code": code, "result": {"stderr": "", "rlm_calls": [
        {"prompt": "hello there, what is up with the data?", "usage_summary": {"model_usage_summaries": {"m": {"total_input_tokens": 7}}}}]}}
    result = SimpleNamespace(metadata={"iterations": [
        {"response": f"```repl\n{code}\n```", "code_blocks": [block], "final_answer": None},
        {"response": "Done, it is 5.", "code_blocks": [], "final_answer": None},
        {"response": "5", "code_blocks": [], "final_answer": "5"}]},
        usage_summary=SimpleNamespace(model_usage_summaries={"m": SimpleNamespace(total_input_tokens=100)}))
    trace = trace_of_rlms(result, max_iterations=2)
    assert (trace.reported, trace.out_of_turns, trace.root_calls, trace.root_prompt_tokens, trace.subcalls) == (False, True, 3, 93, 1)
    assert failures.classify(trace, ["context"], HAYSTACK) == [failures.NO_CODE, failures.NO_CONTEXT, failures.OUT_OF_TURNS]
    prediction = SimpleNamespace(final_reasoning="Extract forced final output", trajectory=[
        {"reasoning": "look", "code": "print(context[:10])", "output": "filler"},
        {"reasoning": "done", "code": "SUBMIT(5)", "output": "[Error] FINAL returned int, expected dict with fields: ['answer']"}])
    trace = trace_of_dspy(prediction, [{"usage": {"prompt_tokens": 50}}] * 3, [])
    assert (trace.reported, trace.out_of_turns, trace.root_prompt_tokens, trace.subcalls) == (False, True, 150, 0)
    assert failures.classify(trace, ["context"], HAYSTACK) == [failures.FINAL_MISSED, failures.OUT_OF_TURNS]
    assert set(trace.blind) == {failures.NO_CODE, failures.FENCE}


def _real_root(request: ChatRequest) -> str:
    """A "real" model over HTTP: the scripted needle search for S-NIAH; elsewhere code that reads the data and
    answers another question (it counts the lines), which the library reports as final."""
    if "magic number" in Conversation.read_opening(request.messages).question:
        return responder(niah.strategy, "haystack")(request)
    return "```repl\nn = len(records.splitlines())\nprint(n)\n```" if request.turn == 0 else "FINAL_VAR(n)"


def test_real_mode_end_to_end_on_the_bundled_server(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "RESULTS.md").write_text("# Benchmark results\n\n## Task quality\n\nscripted numbers\n\n## Real model (not measured yet)\n\nhand-written\n")
    with bundled_server() as server:
        server.models.update({"real-root": _real_root, "real-sub": niah.SUB_MODEL})
        code = bench_main(["--real", "--quick", "--only", "ours", "--instances", "1", "--skip", "oolong_pairs,cohort,logs",
                           "--base-url", server.base_url, "--model", "real-root", "--sub-model", "real-sub",
                           "--out", str(tmp_path)])
    assert code == 0, capsys.readouterr().err
    text = (tmp_path / "RESULTS.md").read_text()
    assert text.startswith("# Benchmark results\n\n## Task quality\n\nscripted numbers\n")  # the scripted part stays
    assert "hand-written" not in text and text.count("## Real model") == 1
    section = text.split("## Real model", 1)[1]
    assert f"`{PROMPT_VERSION}`" in section and "`max_tokens` 400" in section and "iteration limit 4" in section
    assert ("| library | task | size | solved | wrong answers reported as final/completed (invented) | root calls | "
            "root prompt tokens | sub-calls | wall time | refusals by gate |") in section
    assert "rlm_jupyter's acceptance gates over its 2 attempts" in section and "- Acceptance policy (rlm_jupyter): `strict`" in section
    assert "| library | task | not solved | " + " | ".join(failures.CLASSES) + " | none of these | run errors |" in section
    main_table = section.split("Failure classes", 1)[0]
    rows = {line.split(" | ")[1]: line for line in main_table.splitlines() if line.startswith("| rlm_jupyter |")}
    assert rows["S-NIAH (RULER)"].split(" | ")[3:5] == ["1/1", "0 (0)"]  # the needle is found, through a sub-call
    assert rows["OOLONG-style aggregation"].split(" | ")[3:5] == ["0/1", "1 (0)"]  # a line count, reported as final
    failure_rows = [line.split(" | ") for line in section.split("Failure classes", 1)[1].splitlines()
                    if line.startswith("| rlm_jupyter | OOLONG")]
    assert failure_rows[0][-2:] == ["1", "0 |"]  # wrong for none of the classified reasons, no run error
    raw = json.loads((tmp_path / "real-results.json").read_text())
    oolong_run = next(r for r in raw if r["task"] == "oolong")
    assert oolong_run["classes"] == [] and oolong_run["wrong_reported"] and not oolong_run["invented"]
    assert oolong_run["root_calls"] == 2
    assert oolong_run["acceptance"] == "strict" and isinstance(oolong_run["refusals"], dict)  # counted per gate


def test_a_resumed_real_run_keeps_the_saved_attempts_and_runs_only_the_rest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    common = ["--real", "--quick", "--only", "ours", "--instances", "1", "--skip", "niah,oolong_pairs,cohort,logs",
              "--model", "real-root", "--sub-model", "real-sub", "--out", str(tmp_path)]
    with bundled_server() as server:
        server.models.update({"real-root": _real_root, "real-sub": niah.SUB_MODEL})
        assert bench_main([*common, "--base-url", server.base_url]) == 0
        first = json.loads((tmp_path / "real-results.json").read_text())
        sent = len(server.requests)
        saved = tmp_path / "stopped.json"
        saved.write_text(json.dumps(first))
        assert bench_main([*common, "--base-url", server.base_url, "--instances", "2", "--resume", str(saved)]) == 0
        assert len(server.requests) > sent  # instance 1 ran
    resumed = json.loads((tmp_path / "real-results.json").read_text())
    assert [r["seed"] for r in resumed] == [0, 1] and resumed[0] == first[0]
    assert "(resumed)" in capsys.readouterr().out


def test_resume_without_a_real_run_or_a_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    real = ["--real", "--base-url", "http://127.0.0.1:9/v1", "--model", "m", "--resume"]
    broken = tmp_path / "broken.json"
    broken.write_text('{"not": "a list of outcomes"}')
    out = tmp_path / "out"
    for argv, message in [(["--resume", str(tmp_path / "r.json")], "--resume continues a --real run"),
                          ([*real, str(tmp_path / "r.json")], "no such file"),
                          ([*real, str(broken)], "not a real-results.json a --real run wrote")]:
        with pytest.raises(SystemExit):
            bench_main([*argv, "--out", str(out)])
        assert message in capsys.readouterr().err
    assert not out.exists()  # nothing written


def test_an_attempt_that_changes_its_data_in_place_leaves_the_instance_as_generated() -> None:
    """A real model wrote ``orders['cohort'] = ...`` into the frame it was given; the library after it must
    still get the instance as generated."""
    from benchmarks.failures import Trace
    from benchmarks.libraries import DEFAULT_OPTIONS, Endpoint, Library, Options, Session
    from benchmarks.real import _attempt
    from benchmarks.tasks import cohort

    seen: list[list[str]] = []

    class Meddling(Session):
        def attempt(self, question: str, context: object, name: str) -> tuple[object, Trace]:
            assert isinstance(context, pd.DataFrame)
            seen.append(list(context.columns))
            context["cohort"] = 1
            context.drop(context.index[:10], inplace=True)
            return None, Trace(turns=[], reported=False, out_of_turns=True, status="max_iterations")

    class Meddler(Library):
        name, title, takes_objects = "meddler", "meddler", True

        def session(self, endpoint: Endpoint, options: Options = DEFAULT_OPTIONS) -> Session:
            return Meddling()

    instance = cohort.TASK.generate(1_000, 0)[0]
    rows = len(instance.context)
    for _ in range(2):
        _attempt(Meddler(), Endpoint("http://127.0.0.1:9/v1", "m", "m"), Options(), cohort.TASK,
                 cohort.TASK.sizes[0], 0, 0, instance)
    assert seen[0] == seen[1] and "cohort" not in seen[1] and len(instance.context) == rows


def test_a_wrong_reported_answer_is_invented_only_when_no_code_read_the_data() -> None:
    from benchmarks.failures import MEMORY
    from benchmarks.real import Outcome

    wrong = Outcome("oolong", "60 lines", "ours", 0, 0, "count", reported=True, classes=[])
    made_up = Outcome("oolong", "60 lines", "rlms", 0, 0, "count", reported=True, classes=[MEMORY])
    right = Outcome("oolong", "60 lines", "ours", 0, 0, "count", score=1.0, reported=True)
    assert (wrong.wrong_reported, wrong.invented) == (True, False)
    assert (made_up.wrong_reported, made_up.invented) == (True, True)
    assert not right.wrong_reported and not right.invented


def test_a_scorer_that_fails_scores_zero_and_says_so() -> None:
    """A cohort answer the scorer could not read ended a real run 21 minutes in; now the attempt says it."""
    from benchmarks.failures import Trace
    from benchmarks.real import Outcome, _fill

    def broken(answer: object, gold: object) -> float:
        raise TypeError("Series.to_dict() got an unexpected keyword argument 'orient'")

    outcome = Outcome("oolong", "60 lines", "ours", 0, 0, "count")
    _fill(outcome, Trace(turns=[], reported=True, out_of_turns=False, status="final"),
          dataclasses.replace(oolong.TASK, score=broken), "line one\nline two", 7, 2)
    assert outcome.score == 0.0 and outcome.wrong_reported
    assert outcome.error == "scorer failed: TypeError: Series.to_dict() got an unexpected keyword argument 'orient'"


# -- acceptance gates in the real-model section ---------------------------------------------------------------------
def test_an_rlm_jupyter_trace_counts_refusals_and_marks_per_gate() -> None:
    run = _run(("FINAL(1976)", [], []), ("```repl\nhaystack = 'x'\n```\nFINAL(1976)", [("haystack = 'x'", "not run")], []),
               ("FINAL(4242)", [], []), status="final", answer=4242)
    run.settings = {"acceptance": "lenient,-picked-by-eye"}
    run.iterations[0].verdicts = [Verdict("read-first", "refused", note="read the data first")]
    run.iterations[1].verdicts = [Verdict("rebinds-context", "not-run", cell=0),
                                  Verdict("read-first", "refused", note="read the data first"),
                                  Verdict("repeated-turn", "noted", note="same code")]
    run.iterations[2].verdicts = [Verdict("row-mismatch", "marked", values={"label": "koala"})]
    trace = failures.trace_of_run(run)
    assert trace.refusals == {"read-first": 2, "rebinds-context": 1}  # a note refuses nothing; a mark neither
    assert trace.marks == {"row-mismatch": 1} and trace.acceptance == "lenient,-picked-by-eye"
    older = failures.trace_of_run(_run(("FINAL(1)", [], []), status="final", answer=1))
    assert (older.refusals, older.marks, older.acceptance) == ({}, {}, "strict")


def _section(outcomes: list[Outcome]) -> str:
    from benchmarks.libraries import Ours, Reference
    from benchmarks.real import render_section

    return render_section(outcomes, [TASKS["oolong"], TASKS["niah"]], [Ours(), Reference()],
                          command="python -m benchmarks --real", endpoint=Endpoint("http://127.0.0.1:9/v1", "m", "m"),
                          options=Options(max_iterations=4, max_tokens=400), instances=2, seed=0, quick=True,
                          seconds=60, prompt_version=PROMPT_VERSION, date="today")


def test_the_real_section_counts_rlm_jupyters_refusals_by_gate() -> None:
    outcomes = [Outcome("oolong", "60 lines", "ours", 0, 0, "count", refusals={"read-first": 2, "unseen-value": 1},
                        marks={}, acceptance="strict"),
                Outcome("oolong", "60 lines", "ours", 1, 1, "count", refusals={"unseen-value": 3}, marks={},
                        acceptance="strict"),
                Outcome("niah", "32K chars", "ours", 0, 0, "single", refusals=None),  # before verdicts were kept
                Outcome("oolong", "60 lines", "rlms", 0, 0, "count"),
                Outcome("niah", "32K chars", "rlms", 0, 0, "single")]
    section = _section(outcomes)
    main_table = section.split("Failure classes", 1)[0]
    rows = {tuple(line.split(" | ")[:2]): line for line in main_table.splitlines() if line.startswith("| rl")}
    assert rows["| rlm_jupyter", "OOLONG-style aggregation"].endswith(" | unseen-value 4, read-first 2 |")
    assert rows["| rlm_jupyter", "S-NIAH (RULER)"].endswith(" | none |")
    assert rows["| rlms (reference)", "OOLONG-style aggregation"].endswith(" | n/a |")
    assert ("over its 3 attempts (each run's `Iteration.verdicts`; a refusal is a FINAL a gate did not accept or a "
            "block it kept from running): refusals by gate: unseen-value 4, read-first 2; 1 attempt without verdicts "
            "(recorded before they were kept, or a run error) count 0.") in section
    assert "- Acceptance policy (rlm_jupyter): `strict`\n" in section
    outcomes[1].marks = {"row-mismatch": 1}
    outcomes[1].acceptance = "lenient"
    section = _section(outcomes)
    assert "; marks left on accepted answers (lenient): row-mismatch 1;" in section
    assert "- Acceptance policy (rlm_jupyter): `lenient`, `strict`\n" in section


def test_the_committed_real_results_resume_with_no_refusals_counted(tmp_path: Path) -> None:
    """The committed record resumes with its refusals per gate; a record from before verdicts counts none."""
    from benchmarks.real import load_outcomes

    committed = ROOT / "benchmarks" / "real-results.json"
    current = [o for o in load_outcomes(committed) if o.library == "ours"]
    assert current and all(o.acceptance and o.refusals is not None for o in current)
    older = tmp_path / "older.json"  # the same attempts as recorded before verdicts were kept
    older.write_text(json.dumps([{k: v for k, v in raw.items() if k not in ("refusals", "marks", "acceptance")}
                                 for raw in json.loads(committed.read_text("utf-8"))]))
    outcomes = load_outcomes(older)
    ours = [o for o in outcomes if o.library == "ours"]
    assert ours and all(o.refusals is None and o.acceptance == "" for o in ours)  # recorded before verdicts
    section = _section(outcomes)
    assert "refusals by gate: none; 15 attempts without verdicts" in section
    assert "- Acceptance policy (rlm_jupyter): `strict` (recorded before the setting existed)" in section
    saved = tmp_path / "real-results.json"  # what --resume reads back after a new run saved its outcomes
    ours[0].refusals, ours[0].acceptance = {"read-first": 1}, "strict"
    saved.write_text(json.dumps([vars(o) for o in outcomes]))
    again = load_outcomes(saved)
    assert again[0].refusals == {"read-first": 1} and again == outcomes


def test_real_mode_needs_an_endpoint_and_keeps_a_real_section_on_scripted_runs(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        bench_main(["--real", "--out", str(tmp_path)])
    results = tmp_path / "RESULTS.md"
    write_real(results, "## Real model\n\nmeasured\n")
    assert results.read_text() == "# Benchmark results\n\n## Real model\n\nmeasured\n"
    assert real_section_of(results) == "## Real model\n\nmeasured\n"


def test_a_scripted_run_keeps_the_hand_written_notes_and_the_real_section(tmp_path: Path) -> None:
    results = tmp_path / "RESULTS.md"
    results.write_text("# Benchmark results\n\n## Task quality\n\nold numbers\n\n"
                       "## Prompt iterations on the real model (written by hand)\n\nnotes\n\n## Real model\n\nmeasured\n")
    write(results, quick=True, command="bash benchmarks/run", libraries=[], skipped={}, tasks=[], task_results=[],
          scaffold={}, endpoint_note="", dspy_sandbox=None, plot_written=False)
    text = results.read_text()
    assert "old numbers" not in text and text.endswith("## Prompt iterations on the real model (written by hand)"
                                                       "\n\nnotes\n\n## Real model\n\nmeasured\n")
    write_real(results, "## Real model\n\nremeasured\n")
    assert results.read_text().endswith("\n\nnotes\n\n## Real model\n\nremeasured\n")
