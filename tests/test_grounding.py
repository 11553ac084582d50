"""Grounding: a FINAL before any code read the context is refused, and an answer's values are checked.

Unit tests of ``engine/trust/readings.py``, ``printed.py`` and ``provenance.py`` first (what a value is, how it is
normalised and matched, where it came from), then
runs of the real loop over HTTP against the bundled fake server, then the report in a real kernel.
"""
from __future__ import annotations

import json
from collections.abc import Callable

import pandas as pd
import pytest

from rlm_jupyter.engine.dialogue import prompts
from rlm_jupyter.engine.record.trajectory import CodeCell, Grounding, Iteration, Run, SubCall
from rlm_jupyter.engine.trust.grounding import ContextReads, describe
from rlm_jupyter.engine.trust.printed import Line, Shown, Where
from rlm_jupyter.engine.trust.provenance import Evidence, given_by, trace
from rlm_jupyter.engine.trust.readings import values
from rlm_jupyter.jupyter.report import grounding_note, run_html
from rlm_jupyter.testing import ChatRequest, FakeLLMServer, Scripted
from rlm_jupyter.testing.kernel import KernelSession

from .scripted import ROOT, Engine, assert_final, engine, fence, last_user

__all__ = ["engine"]  # the fixture, re-exported for pytest

YEARS = pd.DataFrame({"event": ["launch", "merger", "recall"], "year": [2019, 2021, 2021]})


def texts(text: str) -> list[str]:
    return [value.text for value in values(text)]


def seen_in(output: str, answer: str) -> list[bool]:
    seen = Shown([Line(Where("output", 1, 1), 1, line) for line in output.splitlines()])
    return [seen.has(value) for value in values(answer)]


def check(answer: object, run: Run, *, typed: str | None = None) -> Grounding:
    """The verdict on an answer, as the acceptance policy traces it."""
    how = "" if typed is not None else given_by(run.iterations[-1], None) if run.iterations else ""
    return trace(answer, Evidence.of([run]), typed=typed, given_by=how)


def verdict(grounding: Grounding) -> tuple[bool, list[str], list[str]]:
    return grounding.grounded, grounding.checked, grounding.unseen


def run_with(*cells: CodeCell, context: tuple[str, ...] = ("context",), calls: tuple[SubCall, ...] = ()) -> Run:
    return Run(id="r", question="q", model="m", sub_model="s", context_names=list(context),
               iterations=[Iteration(0, "reply", cells=list(cells), subcalls=list(calls))])


# -- what a value is --------------------------------------------------------------------
def test_numbers_dates_codes_and_quoted_tokens_are_values() -> None:
    assert texts("There were 1,234 errors (12.5%) in 1999.") == ["1,234", "12.5%", "1999"]
    assert texts("ERR-42 first seen on 2024-03-05, last on March 7, 2024") == ["ERR-42", "2024-03-05",
                                                                              "March 7, 2024"]
    assert texts('status "timeout" for user_42 and hash 3f2a9c') == ["timeout", "user_42", "3f2a9c"]
    assert texts("about 1.2 million rows") == ["1.2 million"]


def test_prose_is_not_a_value() -> None:
    assert values("Paris is the capital, and the busiest month was March.") == []
    assert values("The user's `status` column is mostly fine; it's the top-level issue.") == []
    assert texts("the 3rd batch took 12ms") == ["3", "12ms"]  # ordinals and units are numbers, not codes
    assert texts('he said "this is a long quoted sentence of prose"') == []  # long quotes are prose


def test_values_are_listed_once_in_order() -> None:
    assert texts("42, then 42 again, then 7") == ["42", "7"]


# -- normalising and matching -------------------------------------------------------------
@pytest.mark.parametrize("output, answer", [
    ("count 1234", "1,234"),  # thousands separators
    ("12.50", "12.5"),  # trailing zeros
    ("12.5", "12.50"),
    ("rate 0.125", "12.5%"),  # a percent is also its fraction
    ("rate 12.5%", "0.125"),
    ("mean 0.12345", "12.3%"),  # a rounded figure matches what it rounds
    ("mean 41.7", "42"),
    ("total 1234567", "1.2 million"),
    ("1.2345e+06", "1,234,500"),
    ("Timestamp('2024-03-05 00:00:00')", "March 5, 2024"),  # one date in three spellings
    ("2024/3/5", "2024-03-05"),
    ("codes: ['err-42']", "ERR-42"),  # codes ignore case
    ("delta -5", "5"),  # "fell by 5": the sign is the prose's
])
def test_matching_normalises(output: str, answer: str) -> None:
    assert seen_in(output, answer) == [True]


@pytest.mark.parametrize("output, answer", [
    ("count 1234", "1,243"),
    ("mean 0.12345", "12.4%"),
    ("codes: ERR-421", "ERR-42"),  # a code is a whole token, not a prefix
    ("2024-03-05", "2024-03-06"),
    ("1989", "1999"),
])
def test_matching_is_not_loose(output: str, answer: str) -> None:
    assert seen_in(output, answer) == [False]


# -- reading the context ------------------------------------------------------------------
def test_reading_the_context_means_a_clean_block_that_names_it() -> None:
    assert ContextReads(run_with(CodeCell("print(len(context))")), None).done()
    assert not ContextReads(run_with(), None).done()
    assert not ContextReads(run_with(CodeCell("print('context')  # context")), None).done()  # a string, a comment
    assert not ContextReads(run_with(CodeCell("print(context[10**9])", error="IndexError")), None).done()
    assert ContextReads(run_with(CodeCell("n = len(df)"), context=("df",)), None).done()
    assert ContextReads(run_with(CodeCell("%time len(df)"), context=("df",)), None).done()  # IPython syntax


def test_no_context_has_nothing_to_read() -> None:
    assert ContextReads(run_with(context=()), None).done()


def test_a_follow_up_counts_the_continued_runs_reads_unless_it_brings_new_data() -> None:
    earlier = run_with(CodeCell("print(df.shape)"), context=("df",))
    earlier.status = "max_iterations"
    assert ContextReads(run_with(context=()), earlier).done()  # the earlier run stopped: its cells read df
    unread = run_with(CodeCell("print(1)"), context=("df",))
    unread.status = "max_iterations"
    assert not ContextReads(run_with(context=()), unread).done()
    unread.status = "final"
    assert ContextReads(run_with(context=()), unread).done()  # its FINAL was accepted: it read its data
    assert not ContextReads(run_with(context=("new",)), unread).done()  # new data: look at it first


# -- the verdict ----------------------------------------------------------------------------
def test_a_written_answer_is_checked_against_what_the_model_was_sent() -> None:
    run = run_with(CodeCell("print(len(context))", stdout="1234\n", shown="1234"),
                   CodeCell("print(errors)", stdout="ERR-42 first seen 2024-03-05", shown="ERR-42 first seen 2024-03-05"))
    grounding = check("1,234 rows, mostly ERR-42 since 2024-03-05", run, typed="1,234 rows ...")
    assert verdict(grounding) == (True, ["1,234", "ERR-42", "2024-03-05"], [])
    assert [(s.kind, s.where, s.line) for s in grounding.sources] == [
        ("shown", "turn 1, block 1, line 1", "1234"), ("shown", "turn 1, block 2, line 1", "ERR-42 first seen 2024-03-05"),
        ("shown", "turn 1, block 2, line 1", "ERR-42 first seen 2024-03-05")]
    assert verdict(check(1999, run, typed="1999")) == (False, ["1999"], ["1999"])


def test_values_the_model_was_never_sent_do_not_count_as_seen() -> None:
    """A repr of what a block bound, a rich output, a sub-call's answer and an output past the clip were never
    in the text sent back to the model: a value only there was not seen."""
    run = run_with(CodeCell("n = len(context)", created={"n": "1234"}, shown=""),
                   CodeCell("display(errors)", outputs=[{"text/plain": "ERR-42"}], shown=""),
                   CodeCell("print(big)", stdout="head ... 777 ... tail", shown="head\n[... cut ...]\ntail"),
                   calls=(SubCall(0, "llm", "sub", "p", 1, 0, response="first seen 2024-03-05"),))
    grounding = check("1,234 rows, ERR-42 since 2024-03-05, 777 in all", run, typed="...")
    assert grounding.unseen == ["1,234", "ERR-42", "777"] and grounding.scope == ["2024-03-05"]


def test_an_answer_the_code_gave_is_computed_unless_it_was_typed_into_the_code() -> None:
    run = run_with(CodeCell("FINAL(len(context))"))
    assert check(1234, run).grounded  # computed, never printed: the code's own result
    laundered = run_with(CodeCell("answer = f'launched in {1989}'\nprint(len(context))", stdout="12\n"))
    assert verdict(check("launched in 1989", laundered)) == (False, ["1989"], ["1989"])


def test_an_object_the_code_returned_is_grounded_by_construction() -> None:
    whole = check(YEARS, run_with())
    assert whole.grounded and whole.computed and [s.kind for s in whole.sources] == ["computed"]
    assert check([1989], run_with()).computed
    assert not check([1989], run_with(), typed="[1989]").grounded  # typed in the reply: checked


def test_describe_says_what_was_checked() -> None:
    assert describe(Grounding(True, ["42"])) == "yes: every value in the answer appeared in an output"
    assert describe(Grounding(False, ["42", "1999", "7"], ["42", "1999"])) == \
        "no: 42, 1999 never appeared in an output"
    assert describe(Grounding(True, computed=True)) == "yes: the answer is an object the code computed"
    assert describe(Grounding(True)) == "yes: no number, date or code in the answer to check"


# -- the record ---------------------------------------------------------------------------
def test_grounding_round_trips_and_old_records_still_load() -> None:
    run = run_with(CodeCell("print(1)"))
    run.grounding = Grounding(False, ["1999"], ["1999"])
    data = json.loads(run.to_json())
    assert data["grounding"] == {"grounded": False, "checked": ["1999"], "unseen": ["1999"], "scope": [], "computed": False,
                                  "derived": [], "sources": []}
    assert Run.from_dict(data).grounding == run.grounding
    del data["grounding"]
    assert Run.from_dict(data).grounding is None  # recorded before the field
    data["grounding"] = {"grounded": "yes"}
    with pytest.raises(ValueError, match=r"grounding\.grounded: expected true or false"):
        Run.from_dict(data)


def test_the_report_row_is_escaped() -> None:
    run = run_with(CodeCell("print(1)"))
    run.status, run.answer, run.grounding = "final", "x", Grounding(False, ["<b>"], ["<b>"])
    page = run_html(run)
    assert "no: &lt;b&gt; never appeared in an output" in page and "<b>" not in page.split("grounded")[1][:80]
    assert "grounded: no: &lt;b&gt; never appeared" in grounding_note(run)
    run.grounding = None
    assert ">grounded<" not in run_html(run) and grounding_note(run) == ""


# -- the loop, over HTTP --------------------------------------------------------------------
def test_an_answer_from_memory_is_refused_until_the_data_is_read(engine: Engine) -> None:
    run = engine.run(["FINAL(2019)", fence("print(events[events.event == 'launch'].year.item())"), "FINAL(2019)"],
                     {"events": YEARS}, question="When was the launch?")
    assert_final(run)
    assert len(run.iterations) == 3 and run.answer == 2019
    assert prompts.UNREAD_CONTEXT in last_user(engine.server, 1)
    assert "no code has read the context yet" in run.iterations[0].feedback
    assert run.grounding is not None and verdict(run.grounding) == (True, ["2019"], [])


def test_a_final_after_the_only_reading_block_raised_names_the_error_to_fix(engine: Engine) -> None:
    """A real model's pandas block raised ("Invalid frequency: M"); told "no code has read the context yet",
    it finished again. The refusal now says that its reading code failed, and with what."""
    run = engine.run([fence("per_year = events.groupby(pd.Grouper(freq='Q'))\nprint(per_year)"), "FINAL_VAR(per_year)",
                      fence("print(events[events.event == 'launch'].year.item())"), "FINAL(2019)"],
                     {"events": YEARS}, question="When was the launch?")
    assert_final(run)
    refusal = run.iterations[1].feedback or ""
    assert "every block that read the data raised an error" in refusal and "NameError: name 'pd'" in refusal
    assert prompts.UNREAD_CONTEXT not in refusal


def test_a_final_in_the_same_reply_after_reading_is_accepted(engine: Engine) -> None:
    run = engine.run([fence("print(events.year.max())") + "\nFINAL(2021)"], {"events": YEARS})
    assert_final(run)
    assert len(run.iterations) == 1 and run.grounding is not None and run.grounding.grounded


def test_a_number_the_code_never_printed_is_refused_until_the_code_shows_it(engine: Engine) -> None:
    """A real model read the data, found nothing and wrote ``Final("1976")``: it reached the user as final."""
    run = engine.run([fence("print(len(events))"), "There were 3 events, the first in 1989.\nFINAL(3 events since 1989)",
                      fence("print(events.year.min())"), "FINAL(3 events since 2019)"], {"events": YEARS})
    assert_final(run)
    assert run.answer == "3 events since 2019" and len(run.iterations) == 4
    refused = last_user(engine.server, 2)
    assert "Your FINAL was not accepted: 1989 never appeared in any output of your code" in refused
    assert run.grounding is not None and verdict(run.grounding) == (True, ["3", "2019"], [])


def test_an_invented_answer_never_ends_the_run_as_final(engine: Engine) -> None:
    run = engine.run([fence("print(len(events))")] + ['Final("1976")'] * 4, {"events": YEARS}, max_iterations=4)
    assert run.status != "final" and run.answer != "1976"


def test_values_from_the_question_and_the_descriptions_count_as_seen(engine: Engine) -> None:
    run = engine.run([fence("print(events.shape[1])"), "FINAL(3 rows after 2023-01-10)"], {"events": YEARS},
                     question="How many rows after 2023-01-10?")
    assert_final(run)  # 3 rows: the description says so; the date is the user's own
    assert run.grounding is not None and run.grounding.grounded


def test_our_instructions_do_not_count_as_seen(engine: Engine) -> None:
    run = engine.run([fence("print(len(events) * 0)"), "FINAL(7)"], {"events": YEARS}, max_iterations=7)
    assert "never appeared" in last_user(engine.server, 2)  # "You have 7 turns" is not a value of the data
    assert run.status != "final"


def test_a_final_var_of_a_computed_dataframe_is_grounded(engine: Engine) -> None:
    run = engine.run([fence("late = events[events.year > 2020]\nprint(late.shape)"), "FINAL_VAR(late)"],
                     {"events": YEARS})
    assert_final(run)
    assert isinstance(run.answer, pd.DataFrame)
    assert run.grounding is not None and run.grounding.grounded and run.grounding.computed
    assert run.grounding.sources[0].where == "variable late"
    assert "yes: the answer is an object the code computed" in run_html(run)


def test_a_run_without_context_may_answer_at_once(engine: Engine) -> None:
    run = engine.run(["FINAL(4)"], question="What is 2 + 2?")
    assert_final(run)
    assert run.grounding is not None and verdict(run.grounding) == (False, ["4"], ["4"])  # nothing showed it


def test_a_follow_up_may_answer_from_what_the_run_it_continues_read(engine: Engine) -> None:
    def model(name: str) -> Callable[[ChatRequest], str]:
        """Answers at once to a follow-up and after seeing an output; reads ``name`` otherwise."""
        def reply(request: ChatRequest) -> str:
            last = request.messages[-1]["content"]
            return "FINAL(3)" if "[output]" in last or last.startswith("Follow-up") else fence(f"print(len({name}))")
        return reply

    engine.server.models[ROOT] = model("events")
    rlm = engine.rlm()
    first = rlm.run("How many events?", {"events": YEARS})
    assert_final(first)
    again = rlm.run("And how many again?", continue_from=first)
    assert_final(again)
    assert len(again.iterations) == 1 and again.grounding is not None and again.grounding.grounded
    engine.server.models[ROOT] = model("more")
    fresh = rlm.run("And in this table?", {"more": YEARS}, continue_from=again)
    assert_final(fresh)
    assert len(fresh.iterations) == 3  # new data: the FINAL at once is refused, the model reads, then answers
    assert prompts.UNREAD_CONTEXT in (fresh.iterations[0].feedback or "")


# -- the saved report, in a real kernel --------------------------------------------------------------
def test_the_saved_report_shows_the_grounded_row(kernel: KernelSession, server: FakeLLMServer) -> None:
    server.models["root"] = Scripted(["FINAL(10 words since 1989)"])  # no data to read: answered at once, marked
    run = kernel.ok('%rlm "how many words since when?" --model root')
    report = run.displays[-1]
    assert "no: 10, 1989 never appeared in an output" in report["data"]["text/html"]
    trajectory = report["metadata"]["rlm_jupyter"]["trajectory"]
    assert trajectory["status"] == "final" and trajectory["grounding"]["unseen"] == ["10", "1989"]
    assert kernel.value("rlm_run.grounding.unseen") == "['10', '1989']"
    # each value's source is a footnote under the answer, in the page and in the text nbval compares
    assert "Where each value came from" in report["data"]["text/html"]
    assert "  [2] 1989: no source: no output showed it" in report["data"]["text/plain"]
    assert trajectory["grounding"]["sources"][1] == {"value": "1989", "kind": "nowhere", "where": "", "line": "",
                                                     "how": "", "loose": False, "operands": []}


def test_a_text_answer_before_any_output_showed_anything_is_refused(engine: Engine) -> None:
    """A real small model's blocks printed nothing, then it wrote ``FINAL('No errors found')``: reported final."""
    logs = "ts=1 status=500\n" * 50
    run = engine.run([fence("part = logs[:2000]"), "FINAL('No errors found')",
                      fence("print(logs.count('status=500'))"), "FINAL('50 errors')"], {"logs": logs})
    assert run.status == "final" and run.answer == "50 errors"
    assert prompts.NOTHING_SHOWN in last_user(engine.server, 2)


def test_a_variable_the_code_computed_needs_no_output(engine: Engine) -> None:
    run = engine.run([fence("n = logs.count('x')"), "FINAL(n)"], {"logs": "x" * 7})
    assert run.status == "final" and run.answer == 7
