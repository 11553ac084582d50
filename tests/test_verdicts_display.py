"""What the acceptance gates decided, as the saved report shows it: per turn, in the summary row, under the answer."""
from __future__ import annotations

import re

from rlm_jupyter.engine.record.trajectory import CodeCell, Grounding, Iteration, Run, Verdict
from rlm_jupyter.jupyter.markup import VOLATILE_PATTERN
from rlm_jupyter.jupyter.report import Report, grounding_note, run_html, run_text
from rlm_jupyter.jupyter.verdicts import acceptance_summary, verdict_text

from .test_report import Node, iterations_of, parse, report_root

UNSEEN = "2,310.40 never appeared in any output your code printed; print it, then FINAL."


def gated_run(policy: str | None = "lenient,-answer-shape", status: str = "final") -> Run:
    """Three turns: a block not run and a refusal, a refusal and a note, then an answer accepted with a mark."""
    run = Run(id="gated", question="How much did revenue grow?", model="root-m", sub_model="sub-m",
              context_names=["sales"], status=status,  # type: ignore[arg-type]
              answer="Revenue grew by 2,310.40" if status == "final" else None,
              settings={"acceptance": policy} if policy is not None else {})
    run.iterations = [
        Iteration(0, "```repl\nsales = 'x'\n```\n```repl\nprint(sales.sum())\n```\nFINAL(2310.40)",
                  cells=[CodeCell("sales = 'x'", error="not run: it would rebind sales"),
                         CodeCell("print(sales.sum())", stdout="48,115.90\n45,805.50\n")],
                  verdicts=[Verdict("rebinds-context", "not-run", note="that block would rebind `sales`", cell=0),
                            Verdict("same-turn-error", "refused", note="A block was not run: the FINAL <b>waits</b>.")]),
        Iteration(1, "FINAL(2310.40)",
                  verdicts=[Verdict("unseen-value", "refused", note=UNSEEN, values={"unseen": ["2,310.40"]}),
                            Verdict("repeated-turn", "noted", note="You sent the same\ncode as last turn.")]),
        Iteration(2, "```repl\nprint(48115.90 - 45805.50)\n```\nFINAL('Revenue grew by 2,310.40')",
                  cells=[CodeCell("print(48115.90 - 45805.50)", stdout="2310.40\n")],
                  verdicts=[Verdict("row-mismatch", "marked", values={"label": "2024", "figure": "2,310.40"})]),
    ]
    run.grounding = Grounding(True, checked=["2,310.40"], derived=["2,310.40 = 48,115.90 − 45,805.50"])
    return run


def header_row(run: Run, name: str) -> str:
    table = report_root(run).children_named("table")[0]
    [row] = [tr for tr in table.find_all("tr") if tr.children_named("th")[0].text() == name]
    return row.children_named("td")[0].text()


def verdict_lines(details: Node) -> list[tuple[str, str]]:
    return [(div.attrs["class"].split()[1], div.text()) for div in details.find_all("div", "rlm-verdict")]


def test_each_turn_shows_its_verdicts_with_the_gate_in_code_font() -> None:
    details = iterations_of(report_root(gated_run()))
    assert verdict_lines(details[0]) == [
        ("rlm-not-run", "block 1 not run (rebinds-context)"),
        ("rlm-refused", "refused by same-turn-error: A block was not run: the FINAL <b>waits</b>.")]
    assert verdict_lines(details[1]) == [("rlm-refused", f"refused by unseen-value: {UNSEEN}"),
                                         ("rlm-noted", "note (repeated-turn): You sent the same\ncode as last turn.")]
    assert verdict_lines(details[2]) == [("rlm-marked", "marked by row-mismatch: label: 2024; figure: 2,310.40")]
    gates = [code.text() for code in details[0].find_all("code")]
    assert gates == ["rebinds-context", "same-turn-error"]


def test_the_summary_line_of_a_turn_names_what_was_refused_or_not_run() -> None:
    summaries = [d.children_named("summary")[0].text() for d in iterations_of(report_root(gated_run()))]
    assert summaries[0].endswith(" · FINAL refused (same-turn-error) · block 1 not run")
    assert summaries[1].endswith(" · FINAL refused (unseen-value)")  # a note is not a mark of the turn
    assert summaries[2].endswith(" · marked (row-mismatch)")


def test_model_text_in_a_verdict_is_escaped() -> None:
    page = run_html(gated_run())
    assert "the FINAL &lt;b&gt;waits&lt;/b&gt;." in page and "<b>waits</b>" not in page


def test_the_acceptance_row_counts_refusals_blocks_marks_and_notes() -> None:
    assert header_row(gated_run(), "checks") == (
        "2 answers refused and sent back: same-turn-error, unseen-value; 1 block not run: rebinds-context; "
        "accepted with 1 mark: row-mismatch; 1 note to the model: repeated-turn (lenient,-answer-shape)")
    quiet = gated_run("strict")
    for it in quiet.iterations:
        it.verdicts = []
    assert header_row(quiet, "checks") == "the answer passed every check (strict)"  # plain words, no jargon
    quiet.status = "max_iterations"
    assert header_row(quiet, "checks") == "no answer refused (strict)"
    [policy] = report_root(quiet).children_named("table")[0].find_all("code")
    assert policy.text() == "strict"


def test_a_gate_acting_twice_is_counted_and_a_stopped_run_was_not_accepted() -> None:
    run = gated_run(status="max_iterations")
    run.iterations[2].verdicts.insert(0, Verdict("unseen-value", "refused", note="again"))
    assert acceptance_summary(run) == (
        "3 answers refused and sent back: same-turn-error, unseen-value (2); 1 block not run: rebinds-context; "
        "1 mark: row-mismatch; 1 note to the model: repeated-turn (lenient,-answer-shape)")


def test_an_older_record_is_read_as_strict() -> None:
    run = gated_run(policy=None)
    assert acceptance_summary(run).startswith("2 answers refused") and acceptance_summary(run).endswith("(strict)")
    for it in run.iterations:
        it.verdicts = []
    assert acceptance_summary(run) == "assumed: a record from before verdicts were kept (strict)"


def test_an_answer_accepted_with_a_mark_says_so_under_the_answer() -> None:
    report = report_root(gated_run())
    paragraphs = [p.text() for p in report.children_named("p")]
    assert paragraphs[-2:] == ["Answer", "Accepted with 1 mark (acceptance lenient,-answer-shape: a soft gate "
                                         "marks the answer instead of refusing it)"]
    [mark] = [div for div in report.children_named("div") if "rlm-verdict" in div.attrs.get("class", "")]
    assert mark.text() == "marked by row-mismatch: label: 2024; figure: 2,310.40"
    assert "font-weight: bold" in mark.attrs["style"]
    stopped = gated_run(status="max_iterations")
    assert "Accepted with" not in run_html(stopped)


def test_the_grounded_row_shows_the_derivation() -> None:
    run = gated_run()
    assert header_row(run, "grounded").startswith("yes: 2,310.40 = 48,115.90 − 45,805.50")
    assert "2,310.40 = 48,115.90 − 45,805.50" in grounding_note(run)


def test_the_text_summary_lists_each_verdict_under_its_turn() -> None:
    assert run_text(gated_run()) == "\n".join([
        "RLM final after 3 iterations, 0 sub-calls, 0 tokens",
        "  1. 2 code blocks, 0 sub-calls",
        "     block 1 not run (`rebinds-context`)",
        "     refused by `same-turn-error`: A block was not run: the FINAL <b>waits</b>.",
        "  2. 0 code blocks, 0 sub-calls",
        f"     refused by `unseen-value`: {UNSEEN}",
        "     note (`repeated-turn`): You sent the same code as last turn.",
        "  3. 1 code block, 0 sub-calls",
        "     marked by `row-mismatch`: label: 2024; figure: 2,310.40",
        "checks: 2 answers refused and sent back: same-turn-error, unseen-value; 1 block not run: "
        "rebinds-context; accepted with 1 mark: row-mismatch; 1 note to the model: repeated-turn "
        "(lenient,-answer-shape)",
        "answer: 'Revenue grew by 2,310.40'"])


def test_a_long_note_is_one_bounded_line_of_text_and_whole_enough_in_the_page() -> None:
    verdict = Verdict("unseen-value", "refused", note="word " * 400)
    line = verdict_text(verdict)
    assert "\n" not in line and len(line) < 260 and line.endswith("...")
    run = gated_run()
    run.iterations[1].verdicts = [verdict]
    assert len(verdict_lines(iterations_of(report_root(run))[1])[0][1]) > 1_900


def test_verdicts_hold_no_volatile_text_and_round_trip_through_the_saved_report() -> None:
    run = gated_run()
    html = run_html(run)
    for span in re.findall(VOLATILE_PATTERN, html):
        assert "refused" not in span and "acceptance" not in span
    meta = Report(run).metadata()["rlm_jupyter"]
    back = Run.from_dict(meta["trajectory"])
    assert run_text(back) == run_text(run)
    assert re.sub(VOLATILE_PATTERN, "", run_html(back)) == re.sub(VOLATILE_PATTERN, "", html)


def test_a_redacted_run_hides_secrets_in_verdict_notes() -> None:
    run = gated_run()
    run.iterations[1].verdicts[0].note = "the output showed sk-SECRET-123, not 2,310.40"
    run.use_redactor(lambda text: text.replace("sk-SECRET-123", "[redacted]"))
    assert "sk-SECRET-123" not in run_text(run) and "sk-SECRET-123" not in run_html(run)
    assert "the output showed [redacted]" in run_text(run)


def test_every_verdict_page_is_well_formed() -> None:
    parse(run_html(gated_run()))  # fails on any element closed out of order or never closed


def test_a_mark_shows_what_the_gate_found_and_its_refusal_text_only_as_an_aside() -> None:
    """Under lenient the engine keeps what a refusal would have said (``would_say``): it was not said."""
    refusal = "Your FINAL was not accepted: 1976 never appeared in any output of your code."
    run = gated_run()
    run.iterations[2].verdicts = [Verdict("unseen-value", "marked", values={"unseen": ["1976"], "would_say": refusal}),
                                  Verdict("rebinds-context", "marked", values={"names": ["records"]}, cell=0),
                                  Verdict("nothing-printed", "marked", values={"would_say": "Nothing was printed."})]
    assert run_text(run).splitlines()[8:11] == ["     marked by `unseen-value`: unseen: 1976",
                                                "     marked by `rebinds-context` (block 1): names: records",
                                                "     marked by `nothing-printed`: Nothing was printed."]
    lines = iterations_of(report_root(run))[2].find_all("div", "rlm-verdict")
    assert lines[0].text() == f"marked by unseen-value: unseen: 1976a refusal would have told the model: {refusal}"
    assert [small.text() for small in lines[0].find_all("small")] == [f"a refusal would have told the model: {refusal}"]
    assert not lines[2].find_all("small")  # its refusal text is the line itself, said once
