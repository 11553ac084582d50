"""``--expect`` holds everywhere: an answer the run binds is of the expected type, however the run got it.

The accepted FINAL goes through the ``expected-type`` gate; a stopped run's salvaged answer, the forced last
reply and a follow-up's answers (the same paths, in another conversation) are held to the same contract. Seen
before: ``--expect int -o n`` on a question whose answer is a table; the check refused three times, the run
ended with ``repetition``, and ``n`` was bound to the salvaged DataFrame.
"""
from __future__ import annotations

import numbers

import pandas as pd
import pytest

from rlm_jupyter.engine.trust.acceptance import is_expected

from .scripted import Engine, engine, fence

__all__ = ["engine"]  # the fixture, re-exported for pytest

ORDERS = pd.DataFrame({"region": ["north", "south", "north", "east"], "amount": [5, 7, 4, 1]})
TABLE = "totals = context.groupby('region', as_index=False)['amount'].sum()\nprint(totals.to_string())"


def test_a_salvaged_table_is_not_the_answer_to_expect_int(engine: Engine) -> None:
    run = engine.run([fence(TABLE)] + ["FINAL_VAR(totals)"] * 4, ORDERS, expect="int", max_iterations=6)
    assert run.status == "repetition"
    assert run.answer is None and run.answer_source == ""
    assert "the value salvaged from variable `totals`" in run.message
    assert "is a DataFrame, not the expected int: not kept" in run.message
    verdicts = [v.gate for it in run.iterations for v in it.verdicts if v.action == "refused"]
    assert verdicts.count("expected-type") == 3  # the check refused each FINAL, as before


def test_a_salvaged_answer_of_the_expected_type_is_kept(engine: Engine) -> None:
    run = engine.run([fence("best_regions = ['north']\nprint('computed')")] + ["FINAL_VAR(best_region)"] * 4,
                     expect="list", max_iterations=6)
    assert (run.status, run.answer) == ("repetition", ["north"])  # flagged: the model never confirmed it
    assert "`best_regions`" in run.answer_source


def test_the_last_forced_reply_binds_only_an_answer_of_the_expected_type(engine: Engine) -> None:
    """Out of turns: the forced reply names a value the code printed, but not an int; nor is the output salvaged."""
    run = engine.run([fence("print(len(context))"), fence("print('total', 50)"), "FINAL(total 50)"], "x" * 50,
                     expect="int", max_iterations=2)
    assert run.status == "max_iterations"
    assert run.answer is None
    assert "the answer of the last forced reply is a str, not the expected int: not kept" in run.message
    assert "the value salvaged from what the code printed in turn 2 is a str" in run.message
    kept = engine.run([fence("print(len(context))"), fence("print('total', 50)"), "FINAL(50)"], "x" * 50,
                      expect="int", max_iterations=2)
    assert (kept.status, kept.answer) == ("max_iterations", 50)  # an int from the forced reply: kept, flagged
    assert "last forced reply" in kept.answer_source


def test_a_follow_up_binds_only_an_answer_of_the_expected_type(engine: Engine) -> None:
    first = engine.run([fence(TABLE), "FINAL_VAR(totals)"], ORDERS, question="totals per region")
    assert first.status == "final"
    engine.server.models["root"].replies += [fence("top = str(totals.loc[totals.amount.idxmax(), 'region'])\n"
                                                   "print(top)")] + ["FINAL_VAR(totals)"] * 4
    follow = engine.rlm(max_iterations=6).run("how many regions?", expect="int", continue_from=first)
    assert follow.status == "repetition" and follow.answer is None  # neither the table nor the printed text
    assert "not the expected int: not kept" in follow.message


@pytest.mark.parametrize(("answer", "expect", "held"), [
    (3, numbers.Integral, True), (True, numbers.Integral, False), (2.5, numbers.Real, True), ("3", numbers.Integral, False),
    (ORDERS, pd.DataFrame, True), ([1], list, True)])
def test_the_rule_is_the_gates(answer: object, expect: type, held: bool) -> None:
    assert is_expected(answer, expect) is held
