"""Recovery from the failures a real small model showed (issue 13): feedback that names the fix, a stopped
run's best answer from what its code computed, the fences and final forms real models write."""
from __future__ import annotations

import pandas as pd
import pytest

from rlm_jupyter.engine import prompts
from rlm_jupyter.engine.protocol import parse_reply

from .scripted import Engine, engine, fence, last_user

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
])
def test_code_fences_real_models_write_are_run(reply: str) -> None:
    assert parse_reply(reply).code[0].startswith("x = 1")


@pytest.mark.parametrize("reply", ["```\n   region  total\n0  north      9\n```", "```\n42\n```",
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
])
def test_final_forms_real_models_write_are_recognised(reply: str, kind: str, text: str) -> None:
    final = parse_reply(reply).final
    assert final is not None and (final.kind, final.text) == (kind, text)
