"""The acceptance policy: gates as data, switchable per run, every verdict recorded; the new gates both ways.

Runs go over real HTTP to the bundled fake server (``tests/scripted.py``); the calibration over 65+ answers
is ``benchmarks/acceptance.py`` (its test: ``tests/test_acceptance_benchmark.py``).
"""
from __future__ import annotations

import json

import pandas as pd
import pytest

from rlm_jupyter import Run
from rlm_jupyter.engine.trust import acceptance, gates
from rlm_jupyter.engine.trust.gates import GATES, Policy
from rlm_jupyter.testing import FakeLLMServer, Scripted
from rlm_jupyter.testing.kernel import KernelSession

from .scripted import Engine, engine, fence, last_user

__all__ = ["engine"]  # the fixture, re-exported for pytest

SALES = pd.DataFrame({"month": ["jan", "feb", "mar", "apr"], "total": [41250.25, 45805.50, 48115.90, 39990.00]})
TOTALS = "totals = context.set_index('month')['total']\nprint(totals)"
REFUNDS = pd.DataFrame({"category": ["laptops", "tablets", "phones", "cables"],
                        "refunds": [5210.75, 3104.22, 2890.10, 120.40]})
BY_CATEGORY = "by = context.set_index('category')['refunds']\nprint(by)"


def gates_of(run: Run, turn: int) -> list[tuple[str, str]]:
    return [(v.gate, v.action) for v in run.iterations[turn].verdicts]


# -- the policy as data ------------------------------------------------------------------------------------
def test_every_answer_gate_has_its_check_and_every_gate_says_why() -> None:
    for gate in GATES:
        assert gate.checks and gate.why, gate.name
        if gate.kind == "answer" and gate.name != "missing-variable":
            assert hasattr(acceptance.Acceptance, acceptance.check_name(gate.name)), gate.name
    answer_gates = {g.name for g in GATES if g.kind == "answer"}
    assert not acceptance._CLAIMS - answer_gates  # a renamed gate cannot slip out of the claims' shared condition


def test_a_policy_is_a_name_and_gates_switched_off_with_one_line_errors() -> None:
    assert Policy.parse("strict").action("unseen-value") == "refuse"
    assert Policy.parse("lenient").action("unseen-value") == "mark"
    assert Policy.parse("lenient").action("read-first") == "refuse"  # hard evidence refuses under lenient
    assert Policy.parse("off").action("read-first") == "skip"
    assert Policy.parse("off").action("missing-variable") == "refuse"  # a fact: no variable, no answer
    assert Policy.parse("strict,-wrong-extreme").action("wrong-extreme") == "skip"
    assert str(Policy.parse("strict, -row-mismatch,-wrong-extreme")) == "strict,-row-mismatch,-wrong-extreme"
    # a setting or a recording from before the gate was renamed means the gate that does its job now
    assert Policy.parse("strict,-picked-by-eye") == Policy.parse("strict,-wrong-extreme")
    for bad, said in [("strictest", "must start with one of strict, lenient, off"),
                      ("strict,-nope", "'-nope' is not '-' and a gate name"),
                      ("strict,wrong-extreme", "is not '-' and a gate name"),
                      ("strict,-missing-variable", "cannot be switched off")]:
        with pytest.raises(ValueError, match=said):
            Policy.parse(bad)


def test_a_bad_policy_fails_before_any_model_call(engine: Engine) -> None:
    with pytest.raises(ValueError, match="acceptance"):
        engine.rlm(acceptance="nope")
    assert engine.server.requests == []


# -- switchable, recorded --------------------------------------------------------------------------------
INVENTED = [fence("print(context.shape)"), "FINAL(1976)"]


def test_strict_refuses_an_invented_figure_and_records_which_gate_did(engine: Engine) -> None:
    run = engine.run(INVENTED + [fence("print(int(context['total'].sum()))"), "FINAL(175161)"], SALES)
    assert run.status == "final" and run.answer == 175161
    assert gates_of(run, 1) == [("unseen-value", "refused")]
    verdict = run.iterations[1].verdicts[0]
    assert verdict.values == {"unseen": ["1976"]} and "1976 never appeared" in verdict.note
    assert "1976 never appeared" in last_user(engine.server, 2)
    loaded = Run.from_json(run.to_json())
    assert loaded.iterations[1].verdicts == run.iterations[1].verdicts
    assert json.loads(run.to_json())["iterations"][1]["verdicts"][0]["gate"] == "unseen-value"


def test_lenient_only_marks_a_soft_gate_and_off_runs_the_papers_protocol(engine: Engine) -> None:
    lenient = engine.run(INVENTED, SALES, acceptance="lenient")
    assert lenient.status == "final" and lenient.answer == 1976 and len(lenient.iterations) == 2
    assert gates_of(lenient, 1) == [("unseen-value", "marked")]
    assert not lenient.grounding or not lenient.grounding.grounded  # the report says it was never seen
    off = engine.run(INVENTED, SALES, acceptance="off")
    assert off.answer == 1976 and off.iterations[1].verdicts == []
    one_off = engine.run(INVENTED, SALES, acceptance="strict,-unseen-value")
    assert one_off.answer == 1976 and one_off.iterations[1].verdicts == []


UNTRACED = "FINAL(March sold 48,115.90, ledger batch 88123.)"  # a right figure beside one no check can trace


def test_unseen_value_gives_way_to_an_answer_sent_again_after_its_figures_were_printed_again(engine: Engine) -> None:
    looked = engine.run([fence(TOTALS), UNTRACED, fence("print(totals['mar'])"), UNTRACED], SALES,
                        question="What did March sell?")
    assert looked.status == "final" and len(looked.iterations) == 4
    assert gates_of(looked, 1) == [("unseen-value", "refused")] and gates_of(looked, 3) == [("unseen-value", "marked")]
    mark = looked.iterations[3].verdicts[0]
    assert mark.values["looked_again"] and mark.values["unseen"] == ["88123"] and "88123" in mark.values["would_say"]
    assert looked.grounding is not None and looked.grounding.unseen == ["88123"]  # the report names it
    # a look that printed a line no block had printed, about what the answer says, in a form no reader knows
    anew = engine.run([fence(TOTALS), UNTRACED, fence("print('ledger batch: B-88-1-23')"), UNTRACED], SALES,
                      question="What did March sell?")
    assert anew.status == "final" and gates_of(anew, 3) == [("unseen-value", "marked")]
    # the other way: the same answer sent again without looking; a look that prints none of its figures or words;
    # the same block run again; the rule switched off; a gate that found a printed table against the answer
    for replies, options in (([fence(TOTALS), UNTRACED, UNTRACED], {}),
                             ([fence(TOTALS), UNTRACED, fence("print(len(totals) * 11)"), UNTRACED], {}),
                             ([fence(TOTALS), UNTRACED, fence("print('the', 90, 'was')"), UNTRACED], {}),
                             ([fence("print('ledger batch: B-88-1-23')"), UNTRACED,
                               fence("print('ledger batch: B-88-1-23')"), UNTRACED], {}),
                             # the block that printed 48,115.90 run again, respaced and commented, with a trailing
                             # semicolon: it looked at nothing new
                             ([fence(TOTALS), UNTRACED, fence(TOTALS.replace("\n", ";  # again\n") + ";"), UNTRACED],
                              {}),
                             ([fence(TOTALS), UNTRACED, fence("print(totals['mar'])"), UNTRACED],
                              {"acceptance": "strict,-looked-again"})):
        refused = engine.run(replies, SALES, question="What did March sell?", max_iterations=5, **options)
        assert refused.status != "final", replies
    from rlm_jupyter.engine.trust.grounding import shows_a_value  # the review's: row numbers, hedges and signs
    assert not shows_a_value("There were 37 failed logins.", "   user     ok\n37  bob  False\n38  ann   True")
    assert not shows_a_value("Around 100 runs.", "runs 91") and not shows_a_value("It fell by -12.5%.", "12.5")
    # a hedged figure is shown by its digits as written, in any form a reader knows
    assert shows_a_value("≈ 6.07 minutes per km", "6.07") and shows_a_value("About 3,400 kg.", "3.4e+03")
    assert not shows_a_value("About 3,400 kg.", "mean ratio 3.4")  # only its first reading, not 3.400
    wrong = "FINAL(Tablets had the highest refund total, $3,104.22)"
    extreme = engine.run([fence(BY_CATEGORY), wrong, fence("print(by['tablets'])"), wrong], REFUNDS,
                         question="Which category had the highest refund total?", max_iterations=5)
    assert extreme.status != "final" and gates_of(extreme, 3) == [("wrong-extreme", "refused")]


def test_a_date_that_only_scopes_the_answer_is_marked_under_strict_and_never_refused(engine: Engine) -> None:
    total = fence("print(int(context['total'].sum()))")
    scoped = engine.run([total, "FINAL(175161 in total, January to April 2019.)"], SALES, question="What is the total?")
    assert scoped.status == "final" and len(scoped.iterations) == 2  # accepted at its first FINAL
    assert gates_of(scoped, 1) == [("unseen-scope", "marked")]
    assert scoped.grounding is not None and scoped.grounding.grounded and scoped.grounding.scope == ["April 2019"]
    assert Policy.parse("lenient").action("unseen-scope") == "mark" == Policy.parse("strict").action("unseen-scope")
    # a question that asks for a date: the date is the answer, and with no source it is refused
    asked = engine.run([total, "FINAL(In April 2019.)", "FINAL(175161)"], SALES, question="When was the total reached?")
    assert gates_of(asked, 1) == [("unseen-value", "refused")]
    assert engine.run([total, "FINAL(175161 in total, January to April 2019.)"], SALES, question="What is the total?",
                      acceptance="strict,-unseen-scope").iterations[1].verdicts == []


def test_hard_evidence_refuses_under_lenient_but_not_under_off(engine: Engine) -> None:
    early = ["FINAL(1976)", fence("print(len(context))"), "FINAL(4)"]
    lenient = engine.run(early, SALES, acceptance="lenient")
    assert lenient.answer == 4 and gates_of(lenient, 0) == [("read-first", "refused")]
    assert engine.run(early, SALES, acceptance="off").answer == 1976


def test_a_block_gate_only_marks_under_lenient_and_the_block_runs(engine: Engine) -> None:
    paste = "context = pd.DataFrame({'month': ['jan'], 'total': [1.0]})\nprint(len(context))"
    strict = engine.run([fence(paste), fence("print(len(context))"), "FINAL(4)"], SALES)
    assert strict.iterations[0].cells[0].error and gates_of(strict, 0) == [("rebinds-context", "not-run")]
    lenient = engine.run([fence("import pandas as pd\n" + paste), "FINAL(1)"], SALES, acceptance="lenient")
    assert lenient.iterations[0].cells[0].stdout == "1\n" and gates_of(lenient, 0)[0] == ("rebinds-context", "marked")


# -- calibrated: legitimate answers pass at once, misreads are caught ------------------------------------
def test_arithmetic_on_printed_figures_is_accepted_with_its_derivation(engine: Engine) -> None:
    run = engine.run([fence(TOTALS), "FINAL(March beat February by $2,310.40 ($48,115.90 vs $45,805.50))"], SALES,
                     question="By how much did March beat February?")
    assert run.status == "final" and len(run.iterations) == 2, run.iterations[-1].verdicts
    assert run.grounding is not None and run.grounding.derived == ["$2,310.40 = $48,115.90 − $45,805.50"]
    assert [s.kind for s in run.grounding.sources] == ["derived", "shown", "shown"]
    assert [o.where for o in run.grounding.sources[0].operands] == ["turn 1, block 1, line 4", "turn 1, block 1, line 3"]
    change = engine.run([fence(TOTALS), "FINAL(+5.04% (48,115.90 against 45,805.50))"], SALES)
    assert change.status == "final" and len(change.iterations) == 2 and change.grounding.derived  # type: ignore[union-attr]


def test_formats_languages_and_readable_labels_count_as_seen(engine: Engine) -> None:
    for final in ["FINAL(48 115,90 €)", "FINAL(Mars : 48.115,90 EUR)", "FINAL(about $48,000)"]:
        run = engine.run([fence(TOTALS), final], SALES, question="March total?")
        assert run.status == "final" and len(run.iterations) == 2, (final, run.iterations[-1].verdicts)
    labels = pd.DataFrame({"status": ["payment_failed", "ok", "ok"]})
    run = engine.run([fence("print(context['status'].value_counts())"), 'FINAL("payment failed")'], labels)
    assert run.status == "final" and len(run.iterations) == 2


def test_a_wrong_label_in_a_sentence_is_caught_like_a_bare_one(engine: Engine) -> None:
    question = "Which category had the highest refund total?"
    sentence = engine.run([fence(BY_CATEGORY), "FINAL(Tablets had the highest refund total, $3,104.22)",
                           fence("print(by.idxmax())"), "FINAL(laptops)"], REFUNDS, question=question)
    assert sentence.answer == "laptops" and gates_of(sentence, 1) == [("wrong-extreme", "refused")]
    assert "laptops (5210.75) at that end" in (sentence.iterations[1].feedback or "")
    selected = engine.run([fence(BY_CATEGORY + "\nprint('top:', by.idxmax())"),
                           "FINAL(Laptops had the highest refund total, $5,210.75)"], REFUNDS, question=question)
    assert selected.status == "final" and len(selected.iterations) == 2


def test_a_label_stated_with_another_rows_figure_is_refused(engine: Engine) -> None:
    run = engine.run([fence(BY_CATEGORY), "FINAL(Phones had $3,104.22 of refunds)", fence("print(by['phones'])"),
                      "FINAL(Phones had $2,890.10 of refunds)"], REFUNDS, question="Refunds of phones?")
    assert run.answer == "Phones had $2,890.10 of refunds"
    assert gates_of(run, 1) == [("row-mismatch", "refused")]
    assert run.iterations[1].verdicts[0].values["row_of"] == "tablets"


def test_an_answer_of_the_wrong_shape_is_refused(engine: Engine) -> None:
    orders = pd.DataFrame({"status": ["completed"] * 3 + ["open"], "amount": [600, 700, 100, 900]})
    rows = "big = context[(context.status == 'completed') & (context.amount > 500)]\nprint(big)"
    run = engine.run([fence(rows + "\nFINAL(big)"), fence("print(len(big))\nFINAL(len(big))")], orders,
                     question="How many completed orders have an amount above 500?")
    assert run.answer == 2 and gates_of(run, 0) == [("answer-shape", "refused")]


def test_nothing_found_after_a_search_in_the_wrong_case_is_refused(engine: Engine) -> None:
    log = "\n".join(f"2024-05-0{d % 9 + 1} job={d} status={'failed' if d % 7 == 0 else 'ok'}" for d in range(300))
    search = "print(log[:200])\nhits = [l for l in log.splitlines() if 'status=FAILED' in l]\nprint(len(hits))"
    fixed = "hits = [l for l in log.splitlines() if 'status=failed' in l.lower()]\nprint(len(hits))"
    run = engine.run([fence(search), "FINAL(No, nothing failed)", fence(fixed), "FINAL(43)"], {"log": log},
                     question="Did any job fail?")
    assert run.answer == 43 and gates_of(run, 1) == [("nothing-found", "refused")]
    assert run.iterations[1].verdicts[0].values == {"searched": "status=FAILED", "data_has": "status=failed",
                                                    "column": "", "other_column": ""}


def test_the_gate_names_in_the_acceptance_page_table_are_the_gates() -> None:
    from pathlib import Path

    page = (Path(__file__).parents[1] / "docs" / "acceptance.md").read_text()
    for gate in gates.GATES:
        assert f"`{gate.name}`" in page, gate.name


# -- in a kernel: per kernel with %config, per run with --acceptance ---------------------------------------------
def test_the_policy_is_set_per_kernel_and_per_run_in_a_real_kernel(kernel: KernelSession,
                                                                    server: FakeLLMServer) -> None:
    server.models["root"] = Scripted([fence("print(len(df))"), "FINAL(1976)", fence("print(len(df))"),
                                      "FINAL(4)"])
    kernel.ok(f"import pandas as pd\ndf = pd.DataFrame({SALES.to_dict('list')!r})")
    strict = kernel.execute('%rlm df "How many months?" --model root')
    assert "refused by `unseen-value`" in strict.stdout + str(strict.displayed) and kernel.value("rlm_answer") == "4"
    server.models["root"] = Scripted([fence("print(len(df))"), "FINAL(1976)"])
    kernel.execute('%rlm df "How many months?" --model root --acceptance off')
    assert kernel.value("rlm_answer, rlm_run.settings['acceptance']") == "1976 off"
    kernel.ok("%config RLMMagics.acceptance = 'lenient'")
    kernel.execute('%rlm df "How many months?" --model root')
    assert kernel.value("rlm_answer, [v.action for it in rlm_run.iterations for v in it.verdicts]") \
        == "1976 ['marked']"
    bad = kernel.execute('%rlm df "How many months?" --model root --acceptance strict,-nope')
    assert "'-nope' is not '-' and a gate name" in bad.stdout + bad.stderr + str(bad.errors)
    kernel.ok("%config RLMMagics.acceptance = 'strict'")


def test_a_check_that_raises_is_recorded_as_failed_and_costs_no_run(engine: Engine,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from rlm_jupyter.engine.trust import claims
    from rlm_jupyter.jupyter.verdicts import acceptance_summary, turn_marks

    def broken(text: str, evidence: object) -> None:
        raise StopIteration("a check's own bug")

    monkeypatch.setattr(claims, "wrong_unit", broken)
    frame = pd.DataFrame({"kg": [1.5, 2.5]})
    run = engine.run([fence("print(context.kg.sum())"), "FINAL(4.0 kg in all.)"], frame, max_iterations=3)
    assert run.status == "final" and run.answer == "4.0 kg in all."
    failed = [v for it in run.iterations for v in it.verdicts if v.action == "failed"]
    assert [v.gate for v in failed] == ["wrong-unit"] and "StopIteration" in failed[0].values["error"]
    assert "check failed (wrong-unit)" in turn_marks(run.iterations[-1])
    assert "1 check failed" in acceptance_summary(run) and "passed every check" not in acceptance_summary(run)
