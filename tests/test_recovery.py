"""Recovery from the failures a real small model showed (issue 13): feedback that names the fix, a stopped
run's best answer from what its code computed, the fences and final forms real models write."""
from __future__ import annotations

import json

import pandas as pd
import pytest

from rlm_jupyter.engine.dialogue import prompts
from rlm_jupyter.engine.dialogue.protocol import parse_reply
from rlm_jupyter.engine.record.trajectory import CodeCell, Iteration, Run
from rlm_jupyter.engine.trust import recovery, search_again
from rlm_jupyter.testing import Fault

from .scripted import ROOT, Engine, engine, fence, last_user

__all__ = ["engine"]  # the fixture, imported for pytest

GROUPED = ("import pandas as pd\ngrouped = context.groupby('region')['amount'].sum()\n"
           "print(grouped.idxmax(), grouped.max())")
ORDERS = pd.DataFrame({"region": ["north", "south", "north", "east"], "amount": [5, 7, 4, 1]})


def test_final_var_of_an_unknown_name_names_the_closest_variable_and_the_line(engine: Engine) -> None:
    run = engine.run([fence("region_totals = 3"), "FINAL_VAR(region_total)", 'FINAL_VAR("region_totals")'])
    assert run.status == "final" and run.answer == 3
    feedback = last_user(engine.server, 2)
    assert "no variable named 'region_total'" in feedback
    assert 'write exactly: FINAL_VAR("region_totals")' in feedback


def test_final_var_with_nothing_close_says_to_assign_first(engine: Engine) -> None:
    run = engine.run([fence("x = 3"), "FINAL_VAR(the_answer_table)", "FINAL_VAR(x)"])
    assert run.status == "final"
    assert 'then write: FINAL_VAR("answer")' in last_user(engine.server, 2)


def test_a_repeating_model_gets_the_answer_its_code_printed_flagged(engine: Engine) -> None:
    """The group-by failure: right code, right output, then a FINAL_VAR of a name it never defined, repeated."""
    run = engine.run([fence(GROUPED)] + ["FINAL_VAR(best_region_df)"] * 4, ORDERS, max_iterations=6)
    assert run.status == "repetition"  # not "final": the model never stood by it
    assert run.answer == "north 9"  # what its code printed, not anything from its prose
    assert "printed" in run.answer_source and "did not confirm" in run.answer_source


def test_a_stopped_run_returns_the_variable_its_final_var_meant(engine: Engine) -> None:
    run = engine.run([fence("best_regions = ['north']\nprint('computed')")] + ["FINAL_VAR(best_region)"] * 4,
                     max_iterations=6)
    assert run.status == "repetition"
    assert run.answer == ["north"]
    assert "`best_regions`" in run.answer_source


def test_out_of_turns_a_last_reply_from_memory_is_not_an_answer(engine: Engine) -> None:
    run = engine.run([fence("print(len(context))"), fence("print('still looking')"), "FINAL(1989)"],
                     "x" * 50, max_iterations=2)
    assert run.status == "max_iterations"
    assert run.answer == "still looking"  # 1989 was never printed: the salvaged output instead
    assert "printed in turn 2" in run.answer_source


def test_out_of_turns_a_last_reply_that_the_code_printed_is_kept(engine: Engine) -> None:
    run = engine.run([fence("print(len(context))"), fence("print('total', 50)"), "FINAL(50)"],
                     "x" * 50, max_iterations=2)
    assert run.status == "max_iterations"
    assert run.answer == 50
    assert "last forced reply" in run.answer_source


def test_sub_calls_that_carry_none_of_the_data_are_told_so(engine: Engine) -> None:
    """The needle failure: llm_query(<the question>) without any of the context."""
    haystack = "filler text. " * 1_000 + "The magic number is 4242. " + "more filler. " * 1_000
    run = engine.run([fence("answer = llm_query('What is the magic number?')\nprint(answer)"),
                      fence("print(context[context.find('magic'):][:40])"), "FINAL(4242)"], haystack)
    assert run.status == "final"
    assert prompts.NO_DATA_IN_SUBCALLS in last_user(engine.server, 1)
    assert prompts.NO_DATA_IN_SUBCALLS not in last_user(engine.server, 2)  # the second turn read the data


# -- the fences and final forms real models write: each accepted form ----------------------------------
@pytest.mark.parametrize("reply", [
    "```repl\nx = 1\n```", "```python\nx = 1\n```", "```py\nx = 1\n```", "```Python3\nx = 1\n```",
    "```ipython\nx = 1\n```", "~~~python\nx = 1\n~~~", "```repl \nx = 1\n```", "````python\nx = 1\n````",
    "Here:\n```python\nx = 1", "```\nx = 1\nprint(x)\n```",
    "repl\nx = 1\n```", "python\nx = 1\n```\n\nThen:\n```repl\ny = 2\n```", "```\nrepl\nx = 1\nprint(x)\n```",
    "Sure, let's start by exploring the data. ```repl\nx = 1\n```\nNext, we filter. ```repl\ny = 2\n```",
    "Then: ~~~python\nx = 1\n~~~", "We use the `groupby` function. ```repl\nx = 1\n```",
])
def test_code_fences_real_models_write_are_run(reply: str) -> None:
    assert parse_reply(reply).code[0].startswith("x = 1")


@pytest.mark.parametrize("reply", ['llm_query("What is the magic number?")', "x = 1\nprint(x)",
                                   "  print(len(context))  \n"])
def test_a_reply_that_is_only_python_runs_without_a_fence(reply: str) -> None:
    parsed = parse_reply(reply)
    assert parsed.code == [reply.strip()] and parsed.final is None


def test_a_label_line_then_python_with_no_fence_runs_without_the_label() -> None:
    """A real small model replied ``repl`` on a line, then code, and no fence at all."""
    assert parse_reply("repl\nrows = records.split('\\n')\nprint(len(rows))").code == [
        "rows = records.split('\\n')\nprint(len(rows))"]


def test_a_fence_after_prose_on_its_line_opens_a_block_and_the_prose_stays() -> None:
    parsed = parse_reply("First, count. ```repl\nprint(len(context))\n```\nThen: ```python\nx = 1\n```\nFINAL(3)")
    assert parsed.code == ["print(len(context))", "x = 1"]
    assert "First, count." in parsed.prose and parsed.final is not None and parsed.final.text == "3"


@pytest.mark.parametrize("reply", ["Write your code in ```repl fences.", "Use `x` then ```repl blocks\nx = 1",
                                   "The output was ```text\nx = 1\n```"])
def test_a_fence_mentioned_in_prose_opens_nothing(reply: str) -> None:
    assert parse_reply(reply).code == []


@pytest.mark.parametrize("reply", ["45", "The answer is 45.", "FINAL(42)", "FINAL_VAR(result)", "north",
                                   "Let me print it: print(x)"])
def test_a_bare_value_or_prose_or_a_final_is_not_run(reply: str) -> None:
    assert parse_reply(reply).code == []


@pytest.mark.parametrize("reply", ["```\n   region  total\n0  north      9\n```", "```\n42\n```",
                                   "repl is where the code runs.\nx = 1", "python\nx = 1 (no fence closes)",
                                   "```text\nx = 1\n```", "```json\n{\"a\": 1}\n```"])
def test_shown_output_and_other_languages_are_not_run(reply: str) -> None:
    assert parse_reply(reply).code == []


def test_a_bare_fence_is_not_run_next_to_a_labelled_one() -> None:
    assert parse_reply("```python\na = 1\n```\nexpected:\n```\nprint(a)\n```").code == ["a = 1"]


@pytest.mark.parametrize("reply, kind, text", [
    ("FINAL(42)", "value", "42"), ("FINAL('north')", "value", "'north'"), ("**FINAL(42)**", "value", "42"),
    ("The answer is FINAL(42).", "value", "42"), ("FINAL_VAR(result)", "var", "result"),
    ('FINAL_VAR("result")', "var", "result"), ("FINAL_VAR('result')", "var", "result"),
    ("> FINAL(42)", "value", "42"), ("`FINAL(42)`", "value", "42"), ("<think>hmm</think>\nFINAL(7)", "value", "7"),
    ("Final(10)", "value", "10"), ("final(10)", "value", "10"), ("So:\nFinal_Var(result)", "var", "result"),
    (fence("print(1)") + "\nFinal(10)", "value", "10"),
])
def test_final_forms_real_models_write_are_recognised(reply: str, kind: str, text: str) -> None:
    final = parse_reply(reply).final
    assert final is not None and (final.kind, final.text) == (kind, text)


@pytest.mark.parametrize("reply", ["The final(ly) numbers are here.", "It is Final(10) then.",
                                   fence("print(1)") + "\nI will write final(x) once it has run."])
def test_another_case_of_final_counts_only_at_the_start_of_a_line(reply: str) -> None:
    assert parse_reply(reply).final is None


def test_a_block_that_retypes_the_context_is_not_run_and_the_model_is_told(engine: Engine) -> None:
    """A real model pasted the preview into ``records = \"\"\"...\"\"\"`` and counted the four lines it typed."""
    records = "\n".join(f"line {i} || user {i % 7}" for i in range(500))
    pasted = fence('records = """line 0 || user 0\nline 1 || user 1"""\nprint(len(records.splitlines()))')
    run = engine.run([pasted, fence("print(len(records.splitlines()))"), "FINAL(500)"], {"records": records})
    assert run.status == "final" and run.answer == 500
    first = run.iterations[0].cells[0]
    assert first.stdout == "" and first.error is not None and "NOT run" in first.error
    assert "`records`" in last_user(engine.server, 1) and "Never retype or paste data" in last_user(engine.server, 1)
    assert run.grounding is not None and run.grounding.grounded  # 500 came from the real data


@pytest.mark.parametrize("code", ["del records", "for records in range(3): pass", "records += 'x'",
                                  "def f():\n    global records\n    records = ''\nf()"])
def test_every_way_of_rebinding_the_context_is_refused(engine: Engine, code: str) -> None:
    records = "a" * 1_000
    run = engine.run([fence(code), fence("print(len(records))"), "FINAL(1000)"], {"records": records})
    assert run.status == "final" and run.answer == 1000
    assert "NOT run" in (run.iterations[0].cells[0].error or "")


def test_a_variable_left_by_a_block_that_raised_is_not_a_final_answer(engine: Engine) -> None:
    """A real model set ``cohorts = []`` ahead of a loop that raised, then wrote ``FINAL(cohorts)``: ``[]`` was final."""
    orders = "a" * 50
    first = fence("print(len(orders))") + "\n" + fence("cohorts = []\nfor o in orders:\n    cohorts.append(counts[o])")
    run = engine.run([first, "FINAL(cohorts)", "FINAL_VAR(cohorts)",
                      fence("cohorts = [len(orders)]\nprint(cohorts)"), "FINAL_VAR(cohorts)"], {"orders": orders})
    assert run.status == "final" and run.answer == [50]
    refusal = prompts.set_by_failed_block("cohorts")
    assert refusal in last_user(engine.server, 2) and refusal in last_user(engine.server, 3)
    assert len(run.iterations) == 5


def test_a_variable_a_clean_block_used_since_the_error_is_an_answer(engine: Engine) -> None:
    run = engine.run([fence("print(len(orders))\nfound = []\nfound.append(len(orders))\nraise ValueError('later')"),
                      fence("found.append(len(orders) // 25)\nprint(found)"), "FINAL_VAR(found)"], {"orders": "a" * 50})
    assert run.status == "final" and run.answer == [50, 2] and len(run.iterations) == 3


def test_a_clean_cell_in_ipython_syntax_that_used_the_variable_counts_as_using_it() -> None:
    """The read-first check and this rule read a ``%time ...`` cell's names alike (``code_names.loaded``)."""
    failed = CodeCell("found = [len(orders)]\nraise ValueError('later')", error="ValueError: later",
                      created={"found": "[50]"})
    run = Run(id="r", question="q", model="m", sub_model="s", context_names=["orders"],
              iterations=[Iteration(0, "", cells=[failed])])
    assert recovery.set_by_failed_block("found", run)
    run.iterations.append(Iteration(1, "", cells=[CodeCell("%time found.append(1)", stdout="CPU times ...")]))
    assert not recovery.set_by_failed_block("found", run)


def test_a_name_written_in_the_wrong_case_is_named_in_the_feedback(engine: Engine) -> None:
    """A real model ended a run with ``final(find_spikes())`` in code; Python suggests nothing for a case slip."""
    run = engine.run([fence("total = len(Records)"), fence("total = len(records)\nfinal(total)"),
                      fence("total = len(records)\nFINAL(total)")], {"records": "a" * 50})
    assert run.status == "final" and run.answer == 50
    assert "`Records` is not defined: the name is `records`" in last_user(engine.server, 1)
    assert "`final` is not defined: the name is `FINAL`" in last_user(engine.server, 2)


def test_a_close_spelling_is_named_too(engine: Engine) -> None:
    engine.run([fence("found = llm_query_batch(['a'])"), fence("print(len(records))\nFINAL(50)")], {"records": "a" * 50})
    assert "`llm_query_batch` is not defined: the name is `llm_query_batched`." in last_user(engine.server, 1)


def test_a_name_like_no_other_gets_no_suggestion(engine: Engine) -> None:
    engine.run([fence("print(len(records))\nprint(zebra)"), fence("print(len(records))\nFINAL(50)")],
               {"records": "a" * 50})
    assert "is not defined: the name" not in last_user(engine.server, 1)


def test_a_context_variable_assigned_from_the_data_is_run(engine: Engine) -> None:
    """A real model began every reply with ``logs = json.loads(context)``: refused each turn, it ran out of turns."""
    logs = json.dumps({"events": [{"status": 500}, {"status": 200}, {"status": 503}]})
    run = engine.run([fence("import json\nlogs = json.loads(context)\n"
                            "errors = sum(e['status'] >= 500 for e in logs['events'])\nprint(errors)"),
                      'FINAL_VAR("errors")'], {"logs": logs})
    assert run.status == "final" and run.answer == 2
    assert run.iterations[0].cells[0].error is None and run.iterations[0].cells[0].stdout == "2\n"
    assert isinstance(logs, str)  # the caller's binding is the caller's: the run parsed its own copy of the name


def test_the_context_text_handed_back_is_not_an_answer(engine: Engine) -> None:
    """A real model ended a needle search with ``FINAL_VAR("haystack")``: the input, which answers nothing."""
    haystack = "noise " * 200 + "the number is 4821937. " + "noise " * 200
    run = engine.run([fence("print(haystack[:50])"), 'FINAL_VAR("haystack")',
                      fence("import re\nfound = re.search(r'number is (\\d+)', haystack).group(1)\nprint(found)"),
                      'FINAL_VAR("found")'], {"haystack": haystack})
    assert run.status == "final" and run.answer == "4821937"
    assert "the input data itself" in last_user(engine.server, 2)


def test_a_data_frame_handed_back_stays_an_answer(engine: Engine) -> None:
    """Changed in place on request, a context frame is a valid answer: the model's changed copy (the user's stays)."""
    df = pd.DataFrame({"a": [1, 2]})
    run = engine.run([fence("df['b'] = df['a'] * 2\nprint(df.shape)"), 'FINAL_VAR("df")'], {"df": df})
    assert run.status == "final" and list(run.answer.columns) == ["a", "b"] and list(df.columns) == ["a"]
    assert run.changed_copies == ["your `df` is unchanged; the changed copy is the answer: 1 column added (b)"]


def test_a_conversation_over_the_root_window_is_sent_again_with_outputs_cut(engine: Engine) -> None:
    """A local 8K-token server refused the third turn outright (two 20,000-character outputs): the run ended."""
    engine.server.faults = [Fault("too_long", max_chars=30_000, model=ROOT)]
    big = "x" * 50_000
    run = engine.run([fence("print(context[:20000])"), fence("print(context[-20000:])"), fence("print(len(context))"),
                      "FINAL(50000)"], big)
    assert run.status == "final" and run.answer == 50000
    assert any("did not fit the root model's context window" in n and "4,000" in n for n in run.notices)
    sent = [r for r in engine.server.requests if r.model == ROOT]
    assert all(sum(len(m["content"]) for m in r.messages) <= 30_000 for r in sent[-2:])
    assert len(run.iterations[0].feedback or "") > 20_000  # the record keeps the whole output


def test_a_request_that_cannot_fit_ends_the_run_with_the_reason(engine: Engine) -> None:
    engine.server.faults = [Fault("too_long", max_chars=100, model=ROOT)]
    run = engine.run([fence("print(1)")], "some data")
    assert run.status == "error" and "maximum context length" in run.message


def test_final_of_a_name_the_code_failed_to_assign_is_not_a_text_answer(engine: Engine) -> None:
    """``FINAL(numeric_values_count)`` after the blocks that set it failed: the name came back as the answer."""
    failing = fence("numeric_values_count = context['Instance'].sum()")
    run = engine.run([fence("print(len(context))"), failing, "FINAL(numeric_values_count)",
                      fence("numeric_values_count = context.count('x')"), "FINAL(numeric_values_count)"], "x" * 30)
    assert run.status == "final" and run.answer == 30
    assert "no variable named 'numeric_values_count'" in last_user(engine.server, 3)


def test_final_of_a_bare_word_an_output_showed_stays_a_text_answer(engine: Engine) -> None:
    run = engine.run([fence("print(context.split()[0])"), "FINAL(north)"], "north wins")
    assert run.status == "final" and run.answer == "north"


def test_final_of_a_bare_word_no_output_showed_is_read_as_a_variable_over_data(engine: Engine) -> None:
    """A real small model printed the haystack, then wrote ``Final(answer): None``: ``answer`` came back final."""
    run = engine.run([fence("print(context[:20])"), "Final(answer): None",
                      fence("answer = context.count('x')\nprint(answer)"), "FINAL(answer)"],
                     "x" * 30, question="How many x? Answer with a number.")  # the word is in the question
    assert run.status == "final" and run.answer == 30
    feedback = last_user(engine.server, 2)
    assert "FINAL(answer) failed: no variable named 'answer'" in feedback
    assert 'If the word answer itself is your answer, quote it: FINAL("answer")' in feedback


def test_a_bare_word_meant_as_the_answer_is_taken_once_quoted(engine: Engine) -> None:
    run = engine.run([fence("print(context.count('x'))"), "FINAL(yes)", 'FINAL("yes")'], "x" * 30,
                     question="Are there any x?")
    assert run.status == "final" and run.answer == "yes"


def test_final_of_a_bare_word_without_data_stays_a_text_answer(engine: Engine) -> None:
    run = engine.run(["FINAL(Paris)"], question="What is the capital of France?")
    assert run.status == "final" and run.answer == "Paris"


MADE_UP = ("```repl\nprint(haystack[:20])\n```\n```\nthe number is 999\n```\n"
           "```repl\nfound = '999'\nprint(found)\n```\nFINAL_VAR(found)")


def test_blocks_after_an_output_the_model_made_up_are_not_parsed_to_run() -> None:
    """A real small model wrote a block, the output it expected, and a block built on that output."""
    parsed = parse_reply(MADE_UP)
    assert parsed.code == ["print(haystack[:20])"]
    assert parsed.unrun == ["found = '999'\nprint(found)"]


@pytest.mark.parametrize("reply", [
    "```repl\nx = 1\n```\n```repl\nprint(x)\n```",  # two blocks, no output between them
    "```repl\nx = 1\n```\n```\nprint(x)\n```\n```repl\nprint(x)\n```",  # a fence of code between them
    "```repl\nprint(1)\n```\nIt will print:\n```\n1\n```",  # an expected output after the last block only
])
def test_blocks_with_no_made_up_output_between_them_all_run(reply: str) -> None:
    assert parse_reply(reply).unrun == []


def test_a_reply_with_a_made_up_output_runs_up_to_it_and_says_why(engine: Engine) -> None:
    haystack = "noise " * 50 + "the number is 4821937. " + "noise " * 50
    run = engine.run([MADE_UP,
                      fence("import re\nfound = re.search(r'number is (\\d+)', haystack).group(1)\nprint(found)"),
                      "FINAL_VAR(found)"], {"haystack": haystack})
    assert run.status == "final" and run.answer == "4821937"
    first = run.iterations[0].cells
    assert [c.error is None for c in first] == [True, False]
    assert first[1].code == "found = '999'\nprint(found)" and first[1].stdout == ""  # kept, not run
    feedback = last_user(engine.server, 1)
    assert prompts.AFTER_MADE_UP_OUTPUT in feedback
    assert prompts.FINAL_AFTER_ERROR in feedback  # the FINAL_VAR named what the unrun block would have set


RECORDS = "\n".join(f"Date: Jan {d % 28 + 1}, 2023 || User: {d % 7} || Instance: What is the capital of Peru?"
                    for d in range(200))
SEARCH = "hits = [m.start() for m in re.finditer('location', records)]\nprint(len(hits))"


def test_nothing_found_before_any_output_showed_the_data_is_refused_until_the_model_looks(engine: Engine) -> None:
    """The oolong failure: a search for a label's words (not in the data) printed 0, and 0 came back final."""
    run = engine.run([fence("import re\n" + SEARCH), "FINAL(0)", fence("print(records[:300])"), "FINAL(0)"],
                     {"records": RECORDS})
    assert run.status == "final" and run.answer == 0 and len(run.iterations) == 4
    refusal = last_user(engine.server, 2)
    assert "your code found nothing" in refusal and "print(records[:500])" in refusal


@pytest.mark.parametrize("final", ["FINAL(0)", 'FINAL("not found")', "FINAL_VAR(hits)"])
def test_a_model_that_keeps_answering_nothing_unseen_is_not_reported_final(engine: Engine, final: str) -> None:
    run = engine.run([fence("import re\n" + SEARCH), final], {"records": RECORDS}, max_iterations=3)
    assert run.status != "final"


def test_nothing_found_after_the_data_was_shown_is_an_answer(engine: Engine) -> None:
    shown = "import re\nprint(records.splitlines()[:2])\n" + SEARCH
    assert engine.run([fence(shown), "FINAL(0)"], {"records": RECORDS}).answer == 0
    # a table or a short text is not data to look pieces up in: the rule is for text data
    assert engine.run([fence("n = int((context.amount > 99).sum())\nprint(n)"), "FINAL_VAR(n)"], ORDERS).answer == 0
    assert engine.run([fence("print(context.count('z'))"), "FINAL(0)"], "short text").answer == 0


def test_what_counts_as_nothing_found() -> None:
    for empty in (0, 0.0, None, "", "None", "not found", "No matching errors found.", "0", [], {}, pd.DataFrame()):
        assert recovery.nothing(empty), empty
    for something in (1, "Porto", "0 of 3", [0], pd.DataFrame({"a": [1]}), False, object()):
        assert not recovery.nothing(something), something


LARGEST = "Which region has the largest total amount?"
REGIONS = pd.DataFrame({"region": ["east", "north", "south", "west", "west"], "amount": [1088, 488, 984, 700, 615]})
TOTALS = "totals = context.groupby('region')['amount'].sum()\nprint(totals)"


@pytest.mark.parametrize("pick, said", [("FINAL(south)", "south is not the largest in the table printed at turn 1"),
                                        ("FINAL(1315)", "it names none of the rows of the table printed at turn 1")])
def test_a_row_that_is_not_the_extreme_is_refused_until_code_selects_it(engine: Engine, pick: str, said: str) -> None:
    """A real model printed the totals per region, then wrote the third row as the largest: ``FINAL(south)``. The
    table was printed whole, so the claim is checked against it: south is not its largest row, and 1315 names none."""
    run = engine.run([fence(TOTALS), pick, fence("print(totals.idxmax())"), "FINAL(west)"], REGIONS,
                     question=LARGEST)
    assert run.status == "final" and run.answer == "west" and len(run.iterations) == 4
    assert said in last_user(engine.server, 2)
    assert [v.gate for v in run.iterations[1].verdicts] == ["wrong-extreme"]


def test_the_largest_row_of_a_table_printed_whole_is_accepted_at_once(engine: Engine) -> None:
    """West is the largest total of the table the code printed whole: reading it off the table is right."""
    run = engine.run([fence(TOTALS), "FINAL('west')"], REGIONS, question=LARGEST)
    assert run.status == "final" and run.answer == "west" and len(run.iterations) == 2


def test_a_row_read_by_the_label_the_question_names_is_a_lookup_not_a_pick(engine: Engine) -> None:
    """``FINAL(1315)`` for "what is west's total?" reads the row the question names: accepted at once. The
    same figure written for another label is that row's, not the one asked about: refused (row-mismatch)."""
    run = engine.run([fence(TOTALS), "FINAL(1315)"], REGIONS, question="What is the total amount for west?")
    assert run.status == "final" and len(run.iterations) == 2 and run.answer == 1315
    wrong = engine.run([fence(TOTALS), "FINAL(1088)", fence("print(totals['west'])"), "FINAL(1315)"], REGIONS,
                       question="What is the total amount for west?")
    assert wrong.answer == 1315 and [v.gate for v in wrong.iterations[1].verdicts] == ["row-mismatch"]


@pytest.mark.parametrize("select", ["print(totals.idxmax())", "print(totals.nlargest(1))",
                                    "print(totals.sort_values().tail(1))", "print(totals[totals == totals.max()])",
                                    "print(totals.idxmax(), totals.max())"])
def test_a_selection_printed_by_code_or_a_value_read_from_text_is_an_answer(engine: Engine, select: str) -> None:
    """The fixes the refusal names are accepted: any output that is not a table of three rows or more."""
    assert engine.run([fence(TOTALS), fence(select), "FINAL(west)"], REGIONS).answer == "west"
    text = "noise " * 300 + "The special magic number for blue-fox is: 7712. " + "noise " * 300
    search = "import re\nprint(re.findall(r'.{40}blue-fox.{40}', context))"
    assert engine.run([fence(search), "FINAL(7712)"], text).answer == 7712
    # two rows are a choice, not a table to misread
    two = pd.DataFrame({"region": ["east", "west"], "amount": [3, 5]})
    assert engine.run([fence(TOTALS), "FINAL(west)"], two).answer == "west"


def test_the_data_is_shown_by_a_repr_or_numbered_lines_too() -> None:
    """A cell's last expression ``records[:300]`` shows as one repr line with ``\\n``; ``print(i, line)`` numbers
    its lines: both show the data."""
    def run_of(output: str) -> Run:
        return Run(id="r", question="q", model="m", sub_model="s", context_names=["records"],
                   iterations=[Iteration(0, "", cells=[CodeCell("x", stdout=output)])])

    assert search_again.data_shown(run_of(repr(RECORDS[:300])), [RECORDS])
    assert search_again.data_shown(run_of("0 " + RECORDS.splitlines()[0]), [RECORDS])
    assert not search_again.data_shown(run_of("0\n" + " " * 40 + "\n" + "=" * 40), [RECORDS])


def test_nothing_measures_only_what_is_cheap_to_measure() -> None:
    class Lazy:
        def __len__(self) -> int:
            raise RuntimeError("would compute the whole frame")

    assert not recovery.nothing(Lazy()) and not recovery.nothing(range(0))
