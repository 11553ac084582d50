"""Answers judged by their evidence: values read in many writings, traced to their sources, claims checked.

Unit tests of the pieces first (``readings``, ``printed``, ``derive``, ``provenance``), then the claims through the
real loop over HTTP against the bundled server, one legitimate answer and one misread per class of the issue,
then the report's footnotes, and that the parsing libraries load only when an answer is checked.
"""
from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from contextlib import redirect_stdout
from decimal import Decimal
from typing import Any

import pandas as pd
import pytest

from rlm_jupyter.engine.record.trajectory import CodeCell, Grounding, Iteration, Run, Source, SubCall
from rlm_jupyter.engine.trust.grounding import shows_a_value
from rlm_jupyter.engine.trust.printed import Line, Shown, Where, tables
from rlm_jupyter.engine.trust.provenance import QUOTED_DATA, Evidence, trace
from rlm_jupyter.engine.trust.readings import values
from rlm_jupyter.jupyter.evidence_notes import sources_html, sources_text
from rlm_jupyter.jupyter.report import run_html, run_text
from rlm_jupyter.testing import Scripted

from .scripted import SUB, Engine, engine, fence, last_user

__all__ = ["engine"]  # the fixture, re-exported for pytest

SALES = pd.DataFrame({"month": ["2024-01", "2024-02", "2024-03", "2024-04"],
                      "total": [41250.25, 45805.50, 48115.90, 39990.00]})
TOTALS = "totals = context.set_index('month')['total']\nprint(totals)"
CITIES = pd.DataFrame({"city": ["Paris", "Lyon", "Nice", "Lille", "Lyon", "Paris"],
                       "orders": [10, 4, 7, 2, 5, 12], "revenue": [1200.0, 410.5, 980.0, 150.0, 560.0, 1325.5]})
BY_CITY = ("by_city = context.groupby('city').agg(orders=('orders', 'sum'), revenue=('revenue', 'sum'))\n"
           "print(by_city)")


def kinds(text: str) -> list[tuple[str, str]]:
    return [(v.text, v.kind) for v in values(text)]


def printed(code: str, **names: Any) -> list[Line]:
    """What ``code`` prints, as the lines of one block's output."""
    out = io.StringIO()
    with redirect_stdout(out):
        exec(code, {"pd": pd, **names})  # the test's own code over the test's own data
    return [Line(Where("output", 1, 1), n, text, code) for n, text in enumerate(out.getvalue().splitlines(), 1)
            if text.strip()]


# -- reading values with the libraries ------------------------------------------------------------------------
@pytest.mark.parametrize("text, expected", [
    ("Der Umsatz betrug 1,2 Mio. €", 1_200_000), ("about $12.3k", 12_300), ("12 mil unidades", 12_000),
    ("5 lakh", 500_000), ("3,4 Md €", 3_400_000_000), ("17 pour cent", 0.17), ("12,34,567", 1_234_567),
    ("revenue of $1.26bn", 1_260_000_000), ("3.4 bln", 3_400_000_000), ("£4trn", 4_000_000_000_000),
    ("Revenue was 3.4 bln.", 3_400_000_000),
])
def test_locale_numbers_and_magnitudes_are_read_from_cldr(text: str, expected: float) -> None:
    (value,) = values(text)
    assert any(abs(float(r.value) - expected) <= float(r.tolerance) for r in value.readings), value


@pytest.mark.parametrize("text, key", [
    ("hit at 10/Oct/2024:13:55:36 +0000", "2024-10-10"),  # a web server's access log
    ("Date:   Tue Mar 5 14:02:11 2024 +0100", "2024-03-05"),  # git log
    ("errors peaked on 7 March", "--03-07"),  # a day and a month, no year
    ("le 5 mars 2024", "2024-03-05"), ("am 5. März 2024", "2024-03-05"), ("in March 2024", "2024-03"),
])
def test_dates_in_log_formats_and_languages_are_read_by_dateparser(text: str, key: str) -> None:
    dates = [v for v in values(text) if v.kind == "date"]
    assert [d.key for d in dates] == [key]


def test_addresses_host_names_and_ranges_are_not_signed_figures() -> None:
    assert kinds("203.0.113.109 sent 273") == [("203.0.113.109", "token"), ("273", "number")]
    assert [(v.text, v.sign) for v in values("web-1 and 18-24 fell -5")] == [("1", 0), ("18", 0), ("24", 0),
                                                                            ("-5", -1)]
    # an en dash set before the digits is a minus (Czech, Swedish, Finnish typesetting); a range's or a clause's is not
    assert [(v.text, v.sign) for v in values("pokles o –12,5 %, 2023–2024, fell – 12 %, 64%–78%")] == [
        ("–12,5 %", -1), ("2023", 0), ("2024", 0), ("12 %", 0), ("64%", 0), ("78%", 0)]
    assert shows_a_value("–12,5 %", "-0.125") and not shows_a_value("–12,5 %", "0.125")


def test_a_date_without_its_year_matches_loosely() -> None:
    shown = Shown(printed("print('2024-03-07', 15)"))
    (match,) = shown.matches(values("7 March")[0])
    assert match.quality == "loose"


# -- printed tables ------------------------------------------------------------------------------------------
def test_frames_series_and_pivots_are_read_back_with_their_columns() -> None:
    frame = CITIES.groupby("city").agg(orders=("orders", "sum"), revenue=("revenue", "sum"))
    (table,) = tables(printed("print(frame)", frame=frame))
    assert table.columns == ["orders", "revenue"] and not table.partial
    assert table.rows_of("paris")[0].cells == {"orders": "22", "revenue": "2525.5"}
    pivot = CITIES.assign(year=[2023, 2024] * 3).pivot_table(index="city", columns="year", values="orders")
    (levels,) = tables(printed("print(pivot)", pivot=pivot))
    assert levels.columns == ["2023", "2024"]


def test_a_head_an_elided_table_and_a_record_are_no_whole_tables() -> None:
    (head,) = tables(printed("print(frame.head(3))", frame=pd.DataFrame({"x": range(50), "y": range(50)})))
    assert head.partial
    (elided,) = tables(printed("print(frame)", frame=pd.DataFrame({"x": range(500), "y": range(500)})))
    assert elided.partial
    assert tables(printed("print(frame.loc[0])", frame=CITIES)) == []  # one record's fields, not rows to compare


def test_a_selection_printed_under_its_table_is_no_row_of_it() -> None:
    totals = CITIES.groupby("city")["revenue"].sum()
    lines = printed("print(totals.to_string())\nprint(totals.idxmax(), totals.max())", totals=totals)
    (table,) = tables(lines)
    assert len(table.rows) == 4 and lines[-1].text == "Paris 2525.5"


# -- derivations ------------------------------------------------------------------------------------------------
def traced(answer: str, *outputs: str, question: str = "q") -> Grounding:
    cells = [CodeCell(f"print({n})", stdout=o, shown=o) for n, o in enumerate(outputs)]
    run = Run(id="r", question=question, model="m", sub_model="s", context_names=["context"],
              iterations=[Iteration(0, "r", cells=cells)])
    return trace(answer, Evidence.of([run]), typed=answer)


def test_arithmetic_beyond_two_operands_is_recomputed_with_its_operands() -> None:
    counts = "completed    112\ncancelled     25\nrefunded      22\npending       21"
    mean = traced("The four statuses average 45 orders.", counts)
    assert mean.grounded and mean.sources[0].kind == "derived" and "mean" in mean.sources[0].how
    assert len(mean.sources[0].operands) == 4 and mean.sources[0].operands[0].line == "completed    112"
    formula = traced("(112 − 22) / 180 = 50.0% stuck", counts + "\ntotal 180")
    assert formula.grounded, formula.unseen
    chained = traced("From $45,805.50 to $48,115.90: +$2,310.40, or +5.0%.", "feb 45805.50\nmar 48115.90")
    assert chained.grounded and [s.kind for s in chained.sources][2:] == ["derived", "derived"]


def test_a_chain_written_the_chinese_and_japanese_way_and_a_rate_over_another_period() -> None:
    volumes = "純米       81600\n純米吟醸     47280\n純米大吟醸    21030\n322310"
    written = "合計149,910リットルです（純米81,600 L＋純米吟醸47,280 L＋純米大吟醸21,030 L）。全生産量は322,310 Lです。"
    assert traced(written, volumes).grounded  # full-width signs, labels after them; a chain of litres
    assert [v.text for v in values("約47%にあたります")] == ["47%"]  # a percent sign before a word
    assert not traced(written.replace("149,910", "150,910"), volumes).grounded
    fit = "0.2786 78.04 0.973"
    assert traced("0.2786 birr per kilo per day, about 1.95 birr a week.", fit).grounded  # the same rate, × 7
    assert not traced("0.2786 birr per kilo per day, about 2.95 birr a week.", fit).grounded
    assert not traced("0.2786 birr per kilo per day, about 1.95 birr a day.", fit).grounded  # no other period
    assert not traced("Wind averaged 12 km per hour; the gauge filled 288 mm a day.", "12.0 5.5").grounded  # units
    # a list writes its unit once: "26 and 41 minutes" are both durations (printed as Timedeltas)
    gaps = "5   0 days 00:26:00\n6   0 days 00:41:00\n7   0 days 00:48:00"
    assert traced("48 minutes; the other breaks were 26 and 41 minutes.", gaps).grounded
    assert not traced("48 minutes; the other breaks were 27 and 41 minutes.", gaps).grounded
    assert [v.unit for v in values("in 2023 and 5 km")][:1] == [None]  # a year takes no unit


def test_units_and_days_between_dates_are_recomputed() -> None:
    assert traced("about 3.5 hours", "12600").grounded  # seconds, as hours
    assert traced("about 1.2 MB", "1234567").grounded  # bytes, as megabytes
    days = traced("The orders span 181 days.", "2024-01-01 00:00:00 2024-06-30 00:00:00")
    assert days.grounded and "days from" in days.sources[0].how
    assert not traced("about 3.5 days", "12600").grounded  # no conversion of seconds gives it


WEEKS = "2024-01-01 2024-03-31\nweek\n9     45\n10    66\n11    41\nmax: 10 66"
LOG_SPAN = ('1.2.3.4 - - [10/Jun/2024:00:04:30 +0200] "GET / HTTP/2.0" 200 20\n'
            '1.2.3.5 - - [16/Jun/2024:23:52:20 +0200] "GET / HTTP/2.0" 200 10')
FIRST_504 = '1.2.3.6 - - [10/Jun/2024:00:08:50 +0200] "GET /api HTTP/2.0" 504 3302'


@pytest.mark.parametrize("answer, outputs, how", [
    ("ISO week 10 of 2024 (starting Monday 4 March), with 66 admissions.", [WEEKS], "the Monday of ISO week 10"),
    ("Week 10 of 2024 ended on Sunday 10 March.", [WEEKS], "the Sunday of ISO week 10"),
    ("About 6.3 MB on Friday 14 June.", [LOG_SPAN, "440 6297783"], "the only Friday from 10 June 2024"),
    ("At 00:08:50 (+02:00), which is 22:08:50 UTC on Sunday 9 June.", [FIRST_504], "in UTC"),
    ("At 00:08:50 server time (+02:00) on Monday 10 June.", ["2024-06-09T22:08:50Z 504\nzone: +02:00"], "in UTC+02:00"),
])
def test_dates_and_times_worked_out_on_a_calendar_are_derived(answer: str, outputs: list[str], how: str) -> None:
    grounding = traced(answer, *outputs)
    assert grounding.grounded, grounding.unseen
    assert any(how in s.how for s in grounding.sources if s.kind == "derived"), grounding.sources


@pytest.mark.parametrize("answer, outputs, unseen", [
    ("ISO week 10 of 2024, starting Monday 11 March.", [WEEKS], "Monday 11 March"),  # week 11's Monday
    ("Week 12 of 2024 began on Monday 18 March.", [WEEKS], "Monday 18 March"),  # no week 12 was printed
    ("About 6.3 MB on Friday 7 June.", [LOG_SPAN, "440 6297783"], "Friday 7 June"),  # outside the printed span
    ("About 6.3 MB on Friday 14 June.", ["2024-06-01 12\n2024-06-16 9", "440 6297783"], "Friday 14 June"),  # 3 Fridays
    ("At 22:18:50 UTC on Sunday 9 June.", [FIRST_504], "22:18:50"),  # not that instant in any zone
    ("At 21:08:50 UTC on Saturday 8 June.", [FIRST_504], "Saturday 8 June"),
])
def test_a_date_no_calendar_step_gives_has_no_source(answer: str, outputs: list[str], unseen: str) -> None:
    assert any(value.startswith(unseen) for value in traced(answer, *outputs, question="When was it?").unseen)


def test_a_day_of_a_date_names_no_number_label(engine: Engine) -> None:
    days = [*pd.date_range("2024-01-01", "2024-03-31", freq="D"), *pd.date_range("2024-03-04", periods=6, freq="D")]
    admissions = pd.DataFrame({"admitted": days})  # week 10 (Monday 4 March) has the most
    code = "weeks = context.admitted.dt.isocalendar().week.value_counts().sort_index()\nprint(weeks.to_string())"
    weeks = admissions.admitted.dt.isocalendar().week.value_counts().sort_index()
    top = int(weeks.idxmax())
    monday = pd.Timestamp.fromisocalendar(2024, top, 1)
    answer = f"FINAL(ISO week {top} of 2024 (starting Monday {monday.day} {monday:%B}), with {weeks.max()} admissions.)"
    assert str(monday.day) in {str(w) for w in weeks.index} and monday.day != top  # the day is another week's label
    run = engine.run([fence(code), answer], admissions, question="Which calendar week had the most admissions?")
    assert run.status == "final" and len(run.iterations) == 2, [v.note for it in run.iterations for v in it.verdicts]


def test_an_unrelated_figure_is_not_derivable_by_chance() -> None:
    table = "\n".join(f"city{n}    {v}" for n, v in enumerate([1200.5, 410.25, 980.75, 150.0, 77.5]))
    assert traced("The answer is 1976.", table).unseen == ["1976"]


# -- provenance ---------------------------------------------------------------------------------------------
def test_every_value_has_a_source_a_colleague_can_check() -> None:
    run = Run(id="r", question="How many errors since 2024-03-01?", model="m", sub_model="s", context_names=["logs"],
              iterations=[Iteration(0, "r", cells=[CodeCell("print(n)", stdout="errors: 1234\n", shown="errors: 1234")],
                                    subcalls=[SubCall(1, "llm", "s", "p", 0, 0, response="The spike was ERR-42.")])])
    grounding = trace("1,234 errors since 2024-03-01, 1976 of them ERR-7", Evidence.of([run]), typed="...")
    assert [(s.value, s.kind) for s in grounding.sources] == [
        ("1,234", "shown"), ("2024-03-01", "question"), ("1976", "nowhere"), ("ERR-7", "nowhere")]
    assert grounding.sources[0].where == "turn 1, block 1, line 1" and grounding.sources[0].line == "errors: 1234"
    computed = trace("The spike was ERR-42.", Evidence.of([run]), typed=None, given_by="variable answer")
    assert [(s.kind, s.where) for s in computed.sources] == [("subcall", "sub-call 1 of turn 1")]


def test_sources_round_trip_in_the_record() -> None:
    run = Run(id="r", question="q", model="m", sub_model="s")
    run.grounding = Grounding(True, ["2.5"], sources=[Source("2.5", "derived", how="5 / 2", loose=True,
                                                             operands=[Source("5", "shown", where="turn 1")])])
    assert Run.from_json(run.to_json()).grounding == run.grounding


# -- the claims, through the loop --------------------------------------------------------------------------------
def test_the_top_row_of_a_table_sorted_by_code_is_its_maximum(engine: Engine) -> None:
    code = "ranked = context.groupby('city').revenue.sum().sort_values(ascending=False)\nprint(ranked.head(2))"
    run = engine.run([fence(code), "FINAL(Paris brought in the most revenue: $2,525.50.)"], CITIES,
                     question="Which city brought in the most revenue?")
    assert run.status == "final" and len(run.iterations) == 2


@pytest.mark.parametrize("code, answer, said", [
    ("totals = context.groupby('city').revenue.sum().sort_values()\nprint(totals)",
     "Lille has the highest revenue, $150.00.", "Lille is not the highest in the table"),
    ("totals = context.groupby('city').revenue.sum()\nprint(totals.head(2))",
     "Lille has the strongest revenue ($150.00).", "off a table that shows only some of its rows"),
])
def test_an_extreme_the_table_contradicts_is_refused(engine: Engine, code: str, answer: str, said: str) -> None:
    run = engine.run([fence(code), f"FINAL({answer})", fence("print(context.groupby('city').revenue.sum().idxmax())"),
                      "FINAL(Paris)"], CITIES, question="Which city has the highest revenue?")
    assert run.answer == "Paris" and said in last_user(engine.server, 2), last_user(engine.server, 2)
    assert [v.gate for v in run.iterations[1].verdicts] == ["wrong-extreme"]


def test_the_weekly_pattern_over_a_whole_table_is_accepted(engine: Engine) -> None:
    week = pd.DataFrame({"day": ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
                         "visits": [4210, 4388, 4297, 4512, 5130, 2875, 2410]})
    run = engine.run([fence("print(context.to_string(index=False))"),
                      "FINAL(Visits climb through the week to a peak on Fri and are lowest on Sun.)"], week)
    assert run.status == "final" and len(run.iterations) == 2


@pytest.mark.parametrize("answer, gate", [
    ("Paris (1,235.50) brought in more than Lyon (970.50).", None),
    ("Paris (970.50) brought in more than Lyon (2,525.50).", "row-mismatch"),  # swapped
    ("Lyon's revenue was 9.", "row-mismatch"),  # Lyon's orders, one column over
])
def test_a_figure_is_checked_within_its_labels_row_and_column(engine: Engine, answer: str, gate: str | None) -> None:
    data = CITIES.assign(revenue=[1235.5, 410.5, 980.0, 150.0, 560.0, 1290.0])
    run = engine.run([fence(BY_CITY), f"FINAL({answer})"], data, max_iterations=2)
    refused = [v.gate for v in run.iterations[1].verdicts if v.action == "refused"]
    assert refused == ([gate] if gate else []), run.iterations[1].verdicts


def test_a_decrease_reported_as_a_rise_is_refused(engine: Engine) -> None:
    code = "change = round((context.total.iloc[-1] / context.total.iloc[-2] - 1) * 100, 1)\nprint('change %:', change)"
    run = engine.run([fence(code), "FINAL(Sales grew 16.9% in April.)"], SALES, max_iterations=2)
    assert [v.gate for v in run.iterations[1].verdicts] == ["wrong-direction"]
    ok = engine.run([fence(code), "FINAL(Sales fell 16.9% in April.)"], SALES)
    assert ok.status == "final" and len(ok.iterations) == 2


def test_the_expected_shape_comes_from_the_questions_form(engine: Engine) -> None:
    rows = "big = context[context.revenue > 500]\nprint(big)"
    run = engine.run([fence(rows), "FINAL_VAR(big)"], CITIES, question="What's the number of orders above $500?",
                     max_iterations=2)
    assert [v.gate for v in run.iterations[1].verdicts] == ["answer-shape"]
    labelled = engine.run([fence("t = context.groupby('city').revenue.sum()\nprint(t)\n"
                                 "SUBMIT(city=t.idxmax(), revenue=float(t.max()))")], CITIES,
                          question="Which city has the highest revenue?")
    assert labelled.status == "final" and labelled.answer == {"city": "Paris", "revenue": 2525.5}
    # "what <singular noun> did ...?" asks for one value, whatever kind; "what <plural noun> ...?" for several
    table = engine.run([fence("print(context)"), "FINAL_VAR(context)"], CITIES,
                       question="What revenue did Paris bring in?", max_iterations=2)
    assert [v.gate for v in table.iterations[1].verdicts] == ["answer-shape"]
    several = engine.run([fence("print(context)"), "FINAL_VAR(context)"], CITIES,
                         question="What cities did we sell in?", max_iterations=2)
    assert several.status == "final"


def test_nothing_found_is_searched_again_in_the_data(engine: Engine) -> None:
    wrong_column = "n = int((context.city == 'completed').sum())\nprint(n)"
    statuses = CITIES.assign(status=["completed", "open"] * 3)
    run = engine.run([fence(wrong_column), "FINAL(0)"], statuses, max_iterations=2)
    assert run.iterations[1].verdicts[0].values["other_column"] == "status"
    log = "\n".join(f"10.0.0.{i} - - [0{i % 7 + 1}/Mar/2024:10:00:00 +0000] \"GET / HTTP/1.1\" 500 12" for i in range(60))
    dated = engine.run([fence("print(log[:200])\nprint(sum('2024-03-05' in l for l in log.splitlines()))"),
                        "FINAL(No errors on March 5, 2024.)"], {"log": log}, max_iterations=2)
    verdict = dated.iterations[1].verdicts[0]
    assert verdict.gate == "nothing-found" and verdict.values["data_has"] == "05/Mar/2024"


# -- the report --------------------------------------------------------------------------------------------------
def test_the_report_lists_each_values_source_under_the_answer(engine: Engine) -> None:
    run = engine.run([fence(TOTALS), "FINAL(March beat February by $2,310.40 ($48,115.90 vs $45,805.50).)"], SALES)
    page, text = run_html(run), run_text(run)
    assert "Where each value came from" in page and "<script" not in sources_html(run)
    assert "derived: $48,115.90 − $45,805.50 (weaker evidence)" in page
    assert "shown at turn 1, block 1, line 4: 2024-03    48115.90" in page
    assert "  [1] $2,310.40: derived: $48,115.90 − $45,805.50 (weaker evidence)" in text.splitlines()
    assert sources_text(run)[0] == "where each value came from:"


@pytest.mark.slow  # a fresh Python process
def test_the_parsing_libraries_load_only_when_an_answer_is_checked(fake_llm) -> None:  # type: ignore[no-untyped-def]
    code = (
        "import sys\nfrom rlm_jupyter import RLM\n"
        f"rlm = RLM(model='root', base_url={fake_llm.base_url!r}, api_key='k', max_iterations=1)\n"
        "run = rlm.run('q', context='text')\n"
        "print(run.status, sorted(m for m in ('babel', 'dateparser') if m in sys.modules))\n"
    )
    fake_llm.models["root"] = Scripted(["```repl\nprint(len(context))\n```"])
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.split("\n")[0] == "max_iterations []"


# -- claims that need the table's words: units, currencies, trends, percents ----------------------------------------
def traced_from(answer: str, code: str, **names: Any) -> Grounding:
    """The sources of a typed answer after ``code`` ran over ``names`` and printed what it prints."""
    return trace(answer, evidence_of(code, **names), typed=answer)


def evidence_of(code: str, question: str = "q", **names: Any) -> Evidence:
    return Evidence.of([_run_of(code, question, names)])


def _run_of(code: str, question: str, names: dict[str, Any]) -> Run:
    out = "\n".join(line.text for line in printed(code, **names))
    return Run(id="r", question=question, model="m", sub_model="s", context_names=list(names),
               iterations=[Iteration(0, "r", cells=[CodeCell(code, stdout=out, shown=out)])])


def test_a_figure_grouped_by_spaces_is_read_whole_where_its_parts_find_no_source() -> None:
    crowds = "išvykoje    2808.5\nnamie       4502.1"
    written = "Namie 4 502,1 žiūrovo, išvykoje 2 808,5: namie apie {} žmonių daugiau."
    difference = traced(written.format("1 694"), crowds)
    assert difference.grounded and "part of 1 694" in difference.sources[-1].how, difference.sources
    assert difference.sources[-1].operands[0].how == "4 502,1 − 2 808,5"  # the whole, derived
    assert not traced(written.format("1 794"), crowds).grounded  # neither the parts nor the whole
    # a currency's letters before the digits, and a chain over such figures
    prices = "seisoen\nhoog    1850\nlaag    1480"
    chain = "2 volwassenes × R1 480 × 2 nagte = R5 920, die kind betaal die helfte: R740."
    asked = "What do 2 adults and a child pay for 2 nights?"
    assert traced(chain, prices, question=asked).grounded
    assert traced(chain.replace("R5 920", "R5 960"), prices, question=asked).unseen == ["960"]
    assert traced(chain.replace("R740", "R750"), prices, question=asked).unseen == ["R750"]
    # a sign or a currency set apart belongs to the whole; a part written again alone keeps its own source
    assert traced("The change was −1 694.", "-1694").grounded
    assert traced("Total: € 1 694.", "1694").grounded
    assert traced(written.format("1 694") + " 694 vaikų.", crowds).unseen == ["694"]
    assert not traced("Totals: 1 " + " ".join(["123"] * 1600) + " kg.", "5").grounded  # a list, not one figure


def test_a_stated_figure_is_read_as_its_printed_figure_and_a_line_at_a_point_is_derived() -> None:
    volumes = "149910\n322310"
    share = "合計149,910リットル、全生産量322,310 Lの約{}%にあたります。"  # "L" is also a lakh
    assert traced(share.format(47), volumes).grounded
    assert not traced(share.format(57), volumes).grounded
    fit = "-0.343 63.49 -0.931\nages 3 to 18; 10 casks a year"
    at_ten = "A slope of -0.343 pp/year and an intercept of 63.49%: a 10-year-old cask sits at roughly {}% ABV."
    assert traced(at_ten.format("60.1"), fit).grounded  # 63.49 + (−0.343) × 10
    assert not traced(at_ten.format("62.1"), fit).grounded
    # a whole rate is no such formula: three printed counts reach too many figures so
    assert traced("3 vans made 12 trips each carrying 40 crates, 483 crates in all.",
                  "vans 3\ntrips 12\ncrates 40").unseen == ["483"]


def test_a_figure_converted_by_the_codes_own_factor_beside_its_original() -> None:
    def converted(code: str, answer: str) -> Grounding:
        out = "calibre\nmarca     15388\ngrossa     8149"
        run = Run(id="r", question="q", model="m", sub_model="s", context_names=["t"],
                  iterations=[Iteration(0, "r", cells=[CodeCell(code, stdout=out, shown=out)])])
        return trace(answer, Evidence.of([run]), typed=answer)

    code = "t['kg'] = t.arrobas * 15\nprint(t.groupby('calibre').arrobas.sum())"
    good = converted(code, "marca: 15 388 arrobas (≈ 230,8 t); grossa: 8 149 arrobas (≈ 122,2 t)")
    assert good.grounded and "t.arrobas * 15" in good.sources[2].how, good.sources
    assert not converted(code, "marca: 15 388 arrobas (≈ 1 026 kg)").grounded  # divided: not what the code did
    assert converted(code.replace("t.arrobas", "t.minutes"), "marca: 15 388 arrobas (≈ 230,8 t)").unseen == [
        "230,8 t"]  # a factor of another column
    assert converted(code, "marca: 15 388 arrobas (≈ 235,8 t)").unseen == ["235,8 t"]
    assert converted(code.replace("* 15", "* 1"), "marca: 15 388 arrobas (≈ 230,8 t)").unseen == ["230,8 t"]
    assert converted(code, "grossa: 8 149 arrobas. Marca: 230,8 t.").unseen == ["230,8 t"]  # not beside it


def test_a_unit_glued_to_a_word_of_a_script_without_spaces_is_read() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_unit

    assert [v.unit.dimension for v in values("白米2,940トンを使いました") if v.unit] == ["mass"]
    rice = pd.Series({"仕込番号": "R6-030", "白米_kg": 2940})
    evidence = evidence_of("print(r[['仕込番号', '白米_kg']])", r=rice)
    assert wrong_unit("R6-030で、白米2,940キログラムを使いました。", evidence) is None
    assert wrong_unit("R6-030で、白米2.94トンを使いました。", evidence) is None  # converted
    assert wrong_unit("R6-030で、白米2,940グラムを使いました。", evidence) is not None


def test_a_chinese_or_japanese_full_stop_ends_a_sentence_without_a_space() -> None:
    from rlm_jupyter.engine.trust.claims import sentences, wrong_pair

    assert sentences("純米の方が辛口です。平均は純米が+2.25でした。") == ["純米の方が辛口です。", "平均は純米が+2.25でした。"]
    smv = pd.DataFrame({"size": [15, 18], "mean": [4.15, 2.25]}, index=pd.Index(["本醸造", "純米"], name="区分"))
    evidence = evidence_of("print(smv)", smv=smv)
    question = "純米と本醸造では、どちらが辛口ですか？"
    written = "{}の方が辛口です。日本酒度の平均は純米が+{}、本醸造が+{}でした。"
    assert wrong_pair(written.format("純米", "4.15", "2.25"), question, evidence) is not None  # swapped
    assert wrong_pair(written.format("本醸造", "2.25", "4.15"), question, evidence) is None


def test_a_misread_unit_keeps_the_printed_digits_whole_and_as_the_answer_writes_decimals() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_unit

    trucks = pd.DataFrame({"net_kg": [32765, 1200]})
    evidence = evidence_of("print(trucks.net_kg.max())", trucks=trucks)
    assert wrong_unit("The heaviest truck brought 32 765 t net.", evidence) is not None  # read whole
    assert wrong_unit("The heaviest truck brought 32 765 kg net.", evidence) is None
    # not 32.765 t, in an answer that writes a decimal point, or in a script whose languages do
    assert wrong_unit("The heaviest truck brought 32,765 t net, 12.5% above the mean.", evidence) is not None
    assert wrong_unit("一番重いトラックは32,765トンでした。", evidence) is not None
    # a decimal comma where the answer writes none either way, or writes one, or groups thousands with a dot
    assert wrong_unit("Der schwerste Lkw brachte 32,765 t.", evidence) is None
    assert wrong_unit("Der schwerste Lkw brachte 32,765 t, 12,5 % mehr als der Schnitt.", evidence) is None
    assert wrong_unit("Der schwerste Lkw brachte 32.765 kg, also 32,765 t.", evidence) is None
    assert wrong_unit("Der schwerste Lkw brachte 32,77 t.", evidence) is None


def test_a_frames_shape_is_no_source_of_a_measure() -> None:
    def shown(code: str, out: str, answer: str) -> Grounding:
        run = Run(id="r", question="q", model="m", sub_model="s", context_names=["e"],
                  iterations=[Iteration(0, "r", cells=[CodeCell(code, stdout=out, shown=out)])])
        return trace(answer, Evidence.of([run]), typed=answer)

    shape = "print(e.shape)\nprint(e.moisture.mean())"
    assert not shown(shape, "(900, 12)\n12.848", "Average moisture: 12 %.").grounded  # 12 columns, not 12 %
    assert not shown(shape, "(1488, 9)\n8.383064516129032", "9 kt on average.").grounded
    assert shown(shape, "(900, 12)", "The table has 12 columns.").grounded  # a count still is
    assert shown(shape, "(900, 12)\n12.848", "Average moisture: 12.8 %.").grounded
    assert not traced("Average moisture: 12 %.", "`e`: pandas.DataFrame, 900 rows x 12 columns").grounded
    # another pair in brackets is data: a min and a max
    assert shown("print((min(p), max(p)))", "(3, 250)", "Prices range from $3 to $250.").grounded


def test_a_unit_or_currency_other_than_the_printed_ones_is_caught() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_currency, wrong_unit

    waits = pd.DataFrame({"wait_s": [40.0, 60.0, 59.0]})
    evidence = evidence_of("print(waits.wait_s.mean())", waits=waits)
    assert wrong_unit("Customers wait 53.0 minutes on average.", evidence) is not None
    assert wrong_unit("Customers wait 53.0 s on average.", evidence) is None
    amounts = pd.DataFrame({"currency": ["GBP", "EUR", "GBP"], "amount_eur": [100.5, 200.25, 50.0]})
    invoiced = evidence_of("print(amounts.groupby('currency').amount_eur.sum())", amounts=amounts)
    assert wrong_currency("£150.50 for the pounds invoices.", invoiced) is not None
    assert wrong_currency("€150.50 for the pounds invoices.", invoiced) is None


def test_a_trend_is_checked_against_a_table_in_time_order() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_direction, wrong_trend

    rate = pd.Series([0.31, 0.24, 0.18], index=["17.2", "17.3", "17.4"], name="crash_rate")
    evidence = evidence_of("print(rate)", rate=rate)
    assert wrong_trend("Each new release crashes more than the one before.", evidence) is not None
    assert wrong_trend("Each new release crashes less than the one before.", evidence) is None
    assert wrong_direction("Revenue fell from 12.1 to 15.3.", evidence) is not None
    assert wrong_direction("Revenue rose from 12.1 to 15.3.", evidence) is None


def test_a_percent_under_one_is_not_a_printed_fraction() -> None:
    shares = evidence_of("print(shares)", shares=pd.Series({"Android 14": 0.351389, "iOS 17": 0.648611}))
    assert not trace("0.35% of crashes", shares, typed="...").grounded  # 0.351389 is 35%, not 0.35%
    assert trace("35.1% of crashes", shares, typed="...").grounded


def test_labels_are_named_in_other_languages_and_years_name_rows() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme, wrong_pair

    days = evidence_of("print(per_day)", per_day=pd.Series({"Monday": 80, "Tuesday": 131, "Wednesday": 95}))
    assert wrong_extreme("Le mardi est le jour le plus chargé.", "Quel jour a le plus de plantages ?", days,
                         lambda label: False) is None
    assert wrong_extreme("Le lundi est le jour le plus chargé.", "Quel jour a le plus de plantages ?", days,
                         lambda label: False) is not None
    notes = evidence_of("print(per_year)", per_year=pd.Series({2023: 17, 2024: 11}, name="credit_notes"))
    assert wrong_pair("We issued 17 credit notes in 2024.", "How many credit notes in 2024?", notes) is not None
    assert wrong_pair("We issued 11 credit notes in 2024.", "How many credit notes in 2024?", notes) is None


# -- a figure the code itself revised -----------------------------------------------------------------------------
LOG = pd.DataFrame({"path": ["/", "/healthz", "/api", "/healthz", "/", "/api", "/healthz"],
                    "status": [200, 200, 500, 200, 404, 200, 200], "ms": [12.0, 0.0, 30.0, 0.0, 8.0, 0.0, 0.0]})


@pytest.mark.parametrize("blocks, answer, refused", [
    # a filter added, then the first count answered: stale
    (["print(len(context))", "real = context[context.path != '/healthz']\nprint(len(real))"], "7 requests", True),
    (["print(len(context))", "real = context[context.path != '/healthz']\nprint(len(real))"], "4 requests", False),
    # a cleaning step replaced; the same expression again after the data was changed in place
    (["print(context.ms.mean())", "print(context.ms.replace(0, float('nan')).mean())"], "7.1 ms", True),
    (["print(context.ms.mean())", "context.loc[context.ms == 0, 'ms'] = float('nan')\nprint(context.ms.mean())"],
     "7.1 ms", True),
    # the same expression with other constants is a parallel query; a whole printed beside its part is context
    (["print(len(context[context.status == 500]))", "print(len(context[context.status == 404]))"], "1 request",
     False),
    (["print(len(context[context.path == '/healthz']))", "print(len(context))"], "3 requests", False),
    # the answer states the revised figure too
    (["print(len(context))", "real = context[context.path != '/healthz']\nprint(len(real))"],
     "4 requests (7 with the health probe)", False),
    # a count of rows that meet a condition, printed beside another in one print; a result held by a name
    (["print(len(context))", "print((context.path != '/healthz').sum(), (context.path == '/healthz').sum())"],
     "7 requests", True),
    (["print(len(context))", "real = len(context[context.path != '/healthz'])\nprint(real)"], "7 requests", True),
])
def test_a_figure_the_code_later_recomputed_is_stale(engine: Engine, blocks: list[str], answer: str,
                                                     refused: bool) -> None:
    run = engine.run([fence(b) for b in blocks] + [f"FINAL({answer})"], LOG.copy(),
                     question="How many requests were there?" if "request" in answer else "What is the mean time?",
                     max_iterations=len(blocks) + 1)
    gates = [v.gate for v in run.iterations[-1].verdicts if v.action == "refused"]
    assert gates == (["stale-figure"] if refused else []), run.iterations[-1].verdicts
    if refused:
        assert run.iterations[-1].verdicts[0].values["revised"] in {"4", "10.0", "16.666666666666668", "4 3"}


# -- rows of events counted as the things they are about -----------------------------------------------------------
CRASHES = pd.DataFrame({"user_id": ["u1", "u2", "u1", "u3", "u2", "u1"], "flight": ["A1", "A1", "B2", "A1", "B2", "C3"],
                        "screen": ["home", "cart", "home", "pay", "home", "cart"]})


@pytest.mark.parametrize("code, answer, question, refused", [
    ("print(len(context))", "6 users had a crash.", "How many users had at least one crash?", True),
    ("print(context.user_id.nunique())", "3 users had a crash.", "How many users had at least one crash?", False),
    ("print(len(context))", "6 crashes.", "How many crashes were there?", False),  # no crash id column: rows are crashes
    ("print(len(context))", "6 flights.", "How many flights were there?", False),  # a flight number is no id
    ("print(context.user_id.nunique(), len(context))", "3 users, out of 6 crash reports.",
     "How many users had at least one crash?", False),
])
def test_a_row_count_given_for_things_that_repeat_is_refused(engine: Engine, code: str, answer: str, question: str,
                                                            refused: bool) -> None:
    run = engine.run([fence(code), f"FINAL({answer})"], CRASHES, question=question, max_iterations=2)
    gates = [v.gate for v in run.iterations[-1].verdicts if v.action == "refused"]
    assert gates == (["not-distinct"] if refused else []), run.iterations[-1].verdicts
    if refused:
        assert run.iterations[-1].verdicts[0].values == {"figure": "6", "column": "user_id", "rows": 6, "distinct": 3}


# -- a share over the wrong base -------------------------------------------------------------------------------------
FLIGHTS = pd.DataFrame({"airline": ["Iberia"] * 14 + ["KLM"] * 40 + ["Lufthansa"] * 46,
                        "path": ["/api/v2/x"] * 10 + ["/home"] * 90,
                        "cancelled": [True] * 3 + [False] * 11 + [True] * 5 + [False] * 81})
IBERIA = "ib = context[context.airline == 'Iberia']\n"


@pytest.mark.parametrize("code, answer, question, refused", [
    # Iberia's 3 cancellations over every flight (3 / 100), in the head
    (IBERIA + "print(ib.cancelled.sum(), len(context))", "3.0% of Iberia's flights were cancelled.",
     "What share of Iberia's flights were cancelled?", True),
    # ... or printed by a division whose divisor reads every airline's rows
    ("n = (context.airline.eq('Iberia') & context.cancelled).sum()\nprint(n, n / len(context))",
     "3.0% of Iberia's flights were cancelled.", "What share of Iberia's flights were cancelled?", True),
    # the part's own base: in the head, or printed
    (IBERIA + "print(ib.cancelled.sum(), len(ib))", "21.4% of Iberia's flights were cancelled (3 of 14).",
     "What share of Iberia's flights were cancelled?", False),
    (IBERIA + "print(ib.cancelled.sum() / len(ib))", "21.4% of Iberia's flights were cancelled.",
     "What percentage of Iberia's flights were cancelled?", False),
    # divided by the part's rows as the code counted them (a base the row count does not give)
    (IBERIA + "print(ib.cancelled.sum() / (len(ib) + 1))", "20.0% of Iberia's flights were cancelled.",
     "What share of Iberia's flights were cancelled?", False),
    # the part comes after the verb: the base is every cancellation (3 of 8)
    ("print(context[context.cancelled].airline.value_counts())", "37.5% of cancelled flights were Iberia's.",
     "What share of cancelled flights were Iberia's?", False),
    # a word in every row names no part
    ("print(context.cancelled.mean())", "8.0% of flights were cancelled.", "What share of flights were cancelled?",
     False),
])
def test_a_share_over_another_base_than_the_part_asked_about_is_refused(
        engine: Engine, code: str, answer: str, question: str, refused: bool) -> None:
    run = engine.run([fence(code), f"FINAL({answer})"], FLIGHTS, question=question, max_iterations=2)
    gates = [v.gate for v in run.iterations[-1].verdicts if v.action == "refused"]
    assert gates == (["wrong-base"] if refused else []), run.iterations[-1].verdicts
    if refused:
        assert run.iterations[-1].verdicts[0].values["rows"] == 14


# -- a figure for a named part computed over every row ---------------------------------------------------------------
JOBS = pd.DataFrame({"branch": ["main", "main", "feature-x", "main", "dependabot", "feature-x"],
                     "secs": [310, 295, 120, 330, 45, 140],
                     "when": pd.to_datetime(["2023-12-30", "2024-01-02", "2024-01-03", "2024-01-05", "2024-01-06",
                                             "2024-01-08"])})
MAIN_QUESTION = "How many seconds of CI time did the main branch use?"


@pytest.mark.parametrize("code, answer, question, refused", [
    ("print(context.secs.sum())", "The main branch used 1,240 seconds.", MAIN_QUESTION, True),
    ("print(context[context.branch == 'main'].secs.sum())", "The main branch used 935 seconds.", MAIN_QUESTION, False),
    ("main = context[context.branch == 'main']\nprint(main.secs.sum())", "935 seconds.", MAIN_QUESTION, False),
    ("print(context.groupby('branch').secs.sum())", "The main branch used 935 seconds.", MAIN_QUESTION, False),
    ("print(context.secs.sum())", "CI used 1,240 seconds.", "How many seconds of CI time were used?", False),
    ("print(context.secs.sum())", "1,240 seconds in 2024.", "How many seconds of CI time were used in 2024?", True),
    ("print(context[context.when.dt.year == 2024].secs.sum())", "930 seconds in 2024.",
     "How many seconds of CI time were used in 2024?", False),
    # a question for what its subject did asks for one figure too
    ("print(context.secs.sum())", "The main branch used 1,240 seconds.", "What did the main branch use?", True),
    ("print(context.groupby('branch').secs.sum())", "935 seconds.", "What did the main branch use?", False),
    # the first line of a block that printed a total, then a table, is the total's; a figure grouped by spaces
    ("print(context.secs.sum())\nprint(context.branch.value_counts())", "The main branch used 1,240 seconds.",
     MAIN_QUESTION, True),
    ("print(context.secs.sum())", "The main branch used 1 240 seconds.", MAIN_QUESTION, True),
])
def test_a_figure_for_a_named_part_printed_over_every_row_is_refused(engine: Engine, code: str, answer: str,
                                                                    question: str, refused: bool) -> None:
    run = engine.run([fence(code), f"FINAL({answer})"], JOBS, question=question, max_iterations=2)
    refusals = [v for v in run.iterations[-1].verdicts if v.action == "refused"]
    assert [v.gate for v in refusals] == (["wrong-subset"] if refused else []), refusals
    if refused:
        assert refusals[0].values["printed_by"] == "context.secs.sum()"


@pytest.mark.parametrize("code, answer, question, refused", [
    ("print(context.head(3).secs.max())", "The longest job took 310 seconds.", "How long did the longest job take?",
     True),
    ("print(context.secs[:3].sum())", "725 seconds of CI time.", "How many seconds of CI time were used?", True),
    ("print(context.secs.max())", "The longest job took 330 seconds.", "How long did the longest job take?", False),
    ("print(context.head(3).secs.max())", "310 seconds.", "How long was the longest of the first 3 jobs?", False),
    ("print(context.branch.str[:4].eq('main').sum())", "3 jobs.", "How many jobs ran on main?", False),
])
def test_a_figure_of_a_sample_stated_for_all_the_data_is_refused(engine: Engine, code: str, answer: str,
                                                                 question: str, refused: bool) -> None:
    run = engine.run([fence(code), f"FINAL({answer})"], JOBS, question=question, max_iterations=2)
    refusals = [v for v in run.iterations[-1].verdicts if v.action == "refused"]
    assert [v.gate for v in refusals] == (["wrong-subset"] if refused else []), refusals


@pytest.mark.parametrize("code, answer, question, refused", [
    ("print(context.head(3))", "Jobs take 295 seconds on average.", "How long does a CI job take on average?", True),
    ("print(context.secs.mean().round(1))", "Jobs take 206.7 seconds on average.",
     "How long does a CI job take on average?", False),
    ("print(context.sort_values('secs', ascending=False).head(3))", "The longest job took 330 seconds.",
     "How long did the longest job take?", False),  # a head of the sorted rows is the top, not a sample
    ("print(context.head(3))", "The first job took 310 seconds.", "How long did the first job take?", False),
])
def test_a_figure_only_a_preview_of_the_rows_showed_is_refused(engine: Engine, code: str, answer: str,
                                                               question: str, refused: bool) -> None:
    run = engine.run([fence(code), f"FINAL({answer})"], JOBS, question=question, max_iterations=2)
    refusals = [v for v in run.iterations[-1].verdicts if v.action == "refused"]
    assert [v.gate for v in refusals] == (["wrong-subset"] if refused else []), refusals


def test_a_head_of_a_wide_frame_indexed_by_time_is_a_look_at_its_first_rows(engine: Engine) -> None:
    # pandas prints the index's name ("time") on its own line, with the "..." of the elided columns over it: that
    # line is no sixth row, so the five rows are the head() they are, and a cell of one is no average
    obs = pd.DataFrame({"time": pd.date_range("2025-01-01", periods=40, freq="30min"), "cor": [False] * 40,
                        "wdir": ["330"] * 40, "wind_kt": [6, 10, 5, 9, 7] + [8] * 35, "vis_m": [9999] * 40,
                        "sky": ["FEW037"] * 40, "temp_c": [-4] * 40, "dew_c": [-5] * 40, "qnh_hpa": [1006] * 40})
    code = ("import pandas as pd\npd.set_option('display.max_columns', 6)\nobs = context.set_index('time')\n"
            "print(obs.head())\nprint(obs.wind_kt.mean())")
    question = "What was the average wind speed, to the nearest knot?"
    run = engine.run([fence(code), "FINAL(9 kt on average over January.)"], obs, question=question, max_iterations=2)
    assert [v.gate for v in run.iterations[-1].verdicts if v.action == "refused"] == ["wrong-subset"]
    ok = engine.run([fence(code), "FINAL(8 kt on average over January.)"], obs, question=question)
    assert ok.status == "final" and len(ok.iterations) == 2


STATEMENT = "\n".join(["Receipt | Time | Paid In"] + [f"R{n:04d} | 2024-05-{31 - n % 30:02d} 10:00 | {p:,.2f}"
                                                      for n, p in enumerate([1300, 8930, 900, 38800, 2400] * 60)])


@pytest.mark.parametrize("code, question, answer, refused", [
    ("rows = context.splitlines()\nprint('\\n'.join(rows[:4]))\nprint(rows[-1])",  # the first and last lines
     "What was the biggest payment?", "The biggest payment was 8,930.00.", True),
    ("rows = context.splitlines()\nprint(rows[-1])",  # the last line alone
     "What was the biggest payment?", "The biggest payment was 2,400.00.", True),
    ("rows = context.splitlines()\nprint('\\n'.join(r for r in rows if 'R0003' in r))",  # a search
     "How much was paid in with receipt R0003?", "38,800.00 was paid in.", False),
    ("rows = context.splitlines()\nhits = [r for r in rows if 'R0003' in r]\nprint(hits[0])",  # a search's first hit
     "How much was paid in with receipt R0003?", "38,800.00 was paid in.", False),
    ("rows = context.splitlines()\ni = next(n for n, r in enumerate(rows) if 'R0003' in r)\nprint(rows[i])",
     "How much was paid in with receipt R0003?", "38,800.00 was paid in.", False),  # a line found by a search
])
def test_a_figure_only_the_first_lines_of_a_text_showed_is_refused(engine: Engine, code: str, question: str,
                                                                   answer: str, refused: bool) -> None:
    run = engine.run([fence(code), f"FINAL({answer})"], STATEMENT, question=question, max_iterations=2)
    refusals = [v for v in run.iterations[-1].verdicts if v.action == "refused"]
    assert [v.gate for v in refusals] == (["wrong-subset"] if refused else []), refusals


# -- a running total answered for one period ------------------------------------------------------------------------
METER = pd.DataFrame({"day": ["2024-02-28", "2024-02-29", "2024-03-01", "2024-03-02"],
                      "kwh": [1301.5, 1321.29, 1328.75, 1086.36],
                      "register_kwh": [435343.4, 436664.7, 437993.4, 439079.8],
                      "visitors": [410, 415, 433, 470]})  # growing too, but by no column's figures


@pytest.mark.parametrize("answer, question, refused", [
    ("The Lab used 437,993.4 kWh on 1 March.", "How much electricity did the Lab use on 1 March?", True),
    ("The Lab used 1,328.75 kWh on 1 March.", "How much electricity did the Lab use on 1 March?", False),
    ("The meter read 437,993.4 kWh on 1 March.", "What did the Lab's meter read on 1 March?", False),  # a level
    ("1,328.75 kWh on 1 March (register: 437,993.4 kWh).", "How much electricity did the Lab use on 1 March?",
     False),  # the period's figure, the running total beside it
    ("437,993.4 kWh since the meter was installed.", "How much has the Lab used since the meter was installed?",
     False),
    ("433 visitors came on 1 March.", "How many visitors came on 1 March?", False),  # increasing is no running total
])
def test_a_running_total_answered_for_one_period_is_refused(engine: Engine, answer: str, question: str,
                                                           refused: bool) -> None:
    run = engine.run([fence("print(context.set_index('day'))"), f"FINAL({answer})"], METER, question=question,
                     max_iterations=2)
    refusals = [v for v in run.iterations[-1].verdicts if v.action == "refused"]
    assert [v.gate for v in refusals] == (["row-mismatch"] if refused else []), refusals
    if refused:
        assert refusals[0].values == {"figure": "437,993.4 kWh", "column": "register_kwh", "of": "kwh",
                                      "row": "2024-03-01"}


def test_the_code_and_data_readers_never_fail_a_final(engine: Engine) -> None:
    """A block in IPython syntax and a table with unhashable ids are read past, not raised on."""
    odd = pd.DataFrame({"user_id": [["a"], ["b"], ["a"]], "x": [1, 2, 3]})
    run = engine.run([fence("%time print(len(context))"), fence("print(len(context))"), "FINAL(3 users.)"], odd,
                     question="How many users are there?", max_iterations=3)
    assert run.status == "final", run.message


@pytest.mark.parametrize("question, asks", [
    ("What was the greenhouse's average temperature?", "one figure"),  # a possessive names whose figure it is
    ("What was Lyon's total revenue?", "one figure"),
    ("Which region's sales were the highest?", "one choice"),  # ... but "which region's" asks for a region
    ("How many orders were cancelled, and which city had the most?", None),  # two things
    ("Revenue by month?", None),
])
def test_what_a_question_asks_for_is_read_from_its_form(question: str, asks: str | None) -> None:
    from rlm_jupyter.engine.trust.forms import asks_for_one

    assert asks_for_one(question) == asks


# -- writings and layouts read since the fresh sets (issue 36) -------------------------------------------------------
def test_an_outer_index_label_printed_once_names_every_row_it_holds() -> None:
    routes = pd.Series([80, 78, 76], index=pd.MultiIndex.from_tuples(
        [("Central Stn", "Canal St"), ("Central Stn", "Old Town"), ("Market Sq", "Harbour")], names=["from", "to"]))
    (table,) = tables(printed("print(routes)", routes=routes))
    assert [row.labels for row in table.rows] == [["Central Stn", "Canal St"], ["Central Stn", "Old Town"],
                                                  ["Market Sq", "Harbour"]]


@pytest.mark.parametrize("text, direction", [
    ("the most calls", "high"), ("the least popular", "low"), ("le plus d'appels", "high"),
    ("le jour le plus calme", None),  # an adjective in no pair leaves the direction open
    ("the most quiet day", "low"), ("el mayor número", "high"),
])
def test_most_and_least_take_their_direction_from_the_word_after(text: str, direction: str | None) -> None:
    from rlm_jupyter.engine.trust.forms import superlatives

    (found,) = superlatives(text)
    assert found.direction == direction


@pytest.mark.parametrize("text, count", [
    ("There is a smaller morning peak from 7:00 to 8:00.", 0),  # one peak among several
    ("Another maximum comes at noon.", 0),
    ("The peak is at 17:00.", 1),
    ("What are the five most popular routes?", 1),
])
def test_a_qualified_extreme_is_no_claim_of_the_extreme(text: str, count: int) -> None:
    from rlm_jupyter.engine.trust.forms import superlatives

    found = superlatives(text)
    assert len(found) == count
    if "five" in text:
        assert found[0].count == 5  # a top-five list, not "the most popular"


@pytest.mark.parametrize("answer, outputs, kind", [
    ("Brookvale 36:23, Highbury Vale 30:22.", ["Brookvale 18 10 36 23 33\nHighbury Vale 18 8 30 22 26"], "derived"),
    ("The longest wait was 6 min, 53 s.", ["max 413.0"], "shown"),  # 413 s in two units: one figure
    ("Die längste Wartezeit: 6,9 Minuten.", ["413"], "derived"),  # a unit word in any case
    ("03:33:40 in Amsterdam (UTC+2).", ["2024-08-19T01:33:40Z staging BackOff"], "derived"),
    ("03:33:40 in Amsterdam.", ["2024-08-19T01:33:40Z staging BackOff"], "derived"),  # the zone of a place
])
def test_scores_compound_durations_and_named_zones_are_derived(answer: str, outputs: list[str], kind: str) -> None:
    grounding = traced(answer, *outputs)
    assert grounding.grounded, grounding.unseen
    assert any(s.kind == kind for s in grounding.sources)


@pytest.mark.parametrize("answer, outputs", [
    ("Brookvale 36:24.", ["Brookvale 18 10 36 23 33"]),  # not side by side
    ("The longest wait was 6 min, 54 s.", ["max 413.0"]),
    ("03:33:40 in Tokyo.", ["2024-08-19T01:33:40Z staging BackOff"]),  # Tokyo is UTC+9
])
def test_a_score_a_duration_or_a_zone_no_output_gives_has_no_source(answer: str, outputs: list[str]) -> None:
    assert traced(answer, *outputs).unseen


def test_a_month_the_question_names_is_in_the_one_year_the_outputs_show() -> None:
    head = "     month  service  cost\n0  2024-01  EC2  6173.99\n1  2024-02  S3  1443.13"
    assert traced("September 2024: EC2 11,691.20.", head + "\nEC2 11691.20",
                  question="Break the September bill down by service.").grounded
    # no date column of the data to check it on: a month that only scopes the figures is marked, not refused
    assert traced("September 2023: EC2 11,691.20.", head + "\nEC2 11691.20",
                  question="Break the September bill down by service.").scope == ["September 2023"]
    assert traced("October 2024: EC2 11,691.20.", head + "\nEC2 11691.20",
                  question="Break the September bill down by service.").scope == ["October 2024"]  # marked


def test_a_date_without_its_year_is_in_the_year_its_sentence_names() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    frame = pd.DataFrame({"date": pd.to_datetime(["2023-01-01", "2023-01-02", "2023-01-03"]),
                          "tmin": [1.5, -2.0, 0.5]})
    lines = [*printed("print(frame.head(3))", frame=frame),
             *printed("print('2.0 2024-01-02')")]
    evidence = Evidence(runs=[], shown=Shown(lines))
    text = "The coldest night of 2024 was 2.0 °C, on 2 January."
    assert wrong_extreme(text, "Did it freeze in 2024?", evidence, lambda label: False) is None
    claim = wrong_extreme("The coldest night of 2023 was on 3 January.", "When was the coldest night?", evidence,
                          lambda label: False)
    assert claim is not None  # 2023-01-03 is no minimum of the printed rows


def test_the_whole_beside_a_labels_own_figure_is_context() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    genres = pd.Series({"fiction": 334, "crime": 233, "travel": 96}, name="count")
    evidence = evidence_of("print(loans.shape)\nprint(genres)", loans=pd.DataFrame({"x": range(663)}),
                           genres=genres)
    assert wrong_pair("Fiction: 334 of the 663 loans, well ahead of crime (233).", "Which genre?", evidence) is None
    assert wrong_pair("Crime had 663 loans.", "How many crime loans?", evidence) is not None  # the whole as crime's


@pytest.mark.parametrize("code, refused", [
    ("ev = pd.DataFrame({'time': ['a'], 'reason': ['Killing']})\nprint((ev.reason == 'OOMKilling').sum())", False),
    ("print(context[context.bytes == 502].shape[0])", True),  # 502 is a status, not a size
    ("print(context[context.status == 502].shape[0])", False),
])
def test_a_search_is_checked_on_what_it_compared_not_on_column_names_and_patterns(engine: Engine, code: str,
                                                                                  refused: bool) -> None:
    log = pd.DataFrame({"status": [200, 404, 200, 301, 404], "bytes": [5120, 312, 880, 0, 77], "time": ["TIME"] * 5})
    log.loc[4, "status"] = 502
    run = engine.run([fence("print(context.head())"), fence(code), "FINAL(None: 0 of them.)"], log,
                     question="How many requests returned 502, or were killed for memory?", max_iterations=3)
    gates = [v.gate for v in run.iterations[-1].verdicts if v.action == "refused"]
    assert gates == (["nothing-found"] if refused else []), run.iterations[-1].verdicts


def test_a_delimited_text_is_read_as_a_table_of_the_data() -> None:
    from rlm_jupyter.engine.trust.counts import rows_for_entities
    from rlm_jupyter.engine.trust.search_again import delimited_table

    scans = "time;parcel_id;event\n" + "\n".join(f"02.09.2024 08:{m:02d};PKG-{m % 3};SCANNED" for m in range(12))
    frame = delimited_table(scans)
    assert frame is not None and frame.shape == (12, 3) and list(frame.columns) == ["time", "parcel_id", "event"]
    assert delimited_table("a free text, with a comma\nand another line\nand a third, here, and there") is None
    claim = rows_for_entities("The carrier handled 12 parcels.", "How many parcels did the carrier handle?", [frame])
    assert claim is not None and claim.values["distinct"] == 3


def test_a_dotted_date_writes_the_day_first() -> None:
    (dotted,) = [v for v in values("on 03.09.2024") if v.kind == "date"]
    assert dotted.date_keys == ("2024-09-03",)
    (slashed,) = [v for v in values("on 03/09/2024") if v.kind == "date"]
    assert set(slashed.date_keys) == {"2024-09-03", "2024-03-09"}  # a slash is either order
    (spaced,) = [v for v in values("dne 7. 3. 2024 v 8.15") if v.kind == "date"]  # Czech and Slovak space them
    assert spaced.date_keys == ("2024-03-07",) and spaced.text == "7. 3. 2024"
    assert not [v for v in values("1. 2. 2024.5 and 3. 4. 20245") if v.kind == "date"]  # no year, no date


def test_a_footer_as_wide_as_a_row_is_no_row() -> None:
    per_agent = pd.Series({"Aoife": 201, "Bram": 202, "Cian": 215, "Dara": 230})
    (table,) = tables(printed("print(per_agent.head(3))", per_agent=per_agent))
    assert [row.labels for row in table.rows] == [["Aoife"], ["Bram"], ["Cian"]] and table.partial


@pytest.mark.parametrize("answer, refused", [
    ("Staging spend has been growing steadily and reached $2,401.15 in September.", True),  # a level, not a change
    ("Staging spend fell steadily to $2,401.15 in September.", False),
    ("Staging spend grew 4% in one month, then fell.", False),  # a change figure: wrong_direction's
])
def test_a_trend_beside_a_level_figure_is_checked(answer: str, refused: bool) -> None:
    from rlm_jupyter.engine.trust.claims import wrong_trend

    months = pd.Series([4096.43, 3805.00, 3574.71, 2401.15], index=["2024-01", "2024-02", "2024-03", "2024-09"])
    assert (wrong_trend(answer, evidence_of("print(months)", months=months)) is not None) == refused


def test_numbered_steps_after_a_start_are_in_time_order() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_trend

    visits = pd.Series([151.2, 147.0, 142.9, 139.7], index=["Baseline", "Week 4", "Week 8", "Week 12"])
    evidence = evidence_of("print(visits)", visits=visits)
    assert wrong_trend("It crept up from one visit to the next; the drug did not help.", evidence) is not None
    assert wrong_trend("It went down from one visit to the next.", evidence) is None
    shuffled = evidence_of("print(v)", v=pd.Series([1.0, 2.0, 3.0, 4.0], index=["Week 8", "Week 4", "Day 1", "x"]))
    assert wrong_trend("It went down from one visit to the next.", shuffled) is None  # no order to read


@pytest.mark.parametrize("answer, says_nothing", [
    ("No. Eastgate did not lend a single audiobook.", True), ("Nein, keine.", True), ("None.", True),
    ("Nope, Paris sold 12.", False),  # a figure of its own
    ("Nada: não houve pagamentos à Sabesp em 2024, o total é R$ 0,00.", True),  # its only figure, the year aside
    ("0 of 12 checks failed.", False),
    ("Northside lent 12.", False),
])
def test_a_bare_no_answers_that_nothing_was_found(answer: str, says_nothing: bool) -> None:
    from rlm_jupyter.engine.trust.recovery import nothing

    assert nothing(answer) == says_nothing


def test_the_one_label_of_an_answer_to_which_claims_the_questions_extreme() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    crowd = pd.Series({"Ashford": 7665, "Brookvale": 13836, "Caldera": 10382, "Dunmore": 6079, "Elmstead": 7411,
                       "Fairhaven": 15001})
    evidence = evidence_of("print(crowd.head())", crowd=crowd)
    question = "Which team drew the biggest single crowd of the season?"
    assert wrong_extreme("Brookvale: 13,836 fans came to one of its home matches.", question, evidence,
                         lambda label: False) is not None  # off a head of the rows
    whole = evidence_of("print(crowd)", crowd=crowd)
    assert wrong_extreme("Fairhaven: 15,001 fans came to one of its home matches.", question, whole,
                         lambda label: False) is None


@pytest.mark.parametrize("answer, refused", [
    ("It went down by 1,990.9 kWh, from 24,632.5 kWh in week 8 to 22,641.6 kWh in week 9.", False),
    ("It went up from week 8 to week 9.", True),
    ("Use rose from 2024-01 to 2024-03.", False),
    ("Use fell from 2024-01 to 2024-03.", True),
])
def test_a_change_between_two_rows_goes_the_way_the_table_goes(answer: str, refused: bool) -> None:
    from rlm_jupyter.engine.trust.claims import wrong_direction

    weekly = pd.Series([28454.7, 26429.2, 24632.5, 22641.6], index=pd.Index([6, 7, 8, 9], name="week"), name="kwh")
    monthly = pd.Series([10.5, 12.0, 14.5], index=["2024-01", "2024-02", "2024-03"], name="kwh")
    evidence = evidence_of("print(weekly)\nprint(monthly)", weekly=weekly, monthly=monthly)
    assert (wrong_direction(answer, evidence) is not None) == refused


def test_a_year_in_the_clause_names_a_column_of_years() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    rain = pd.DataFrame({2023: [700.9, 565.7], 2024: [714.8, 709.1]}, index=pd.Index(["Brest", "Dijon"]))
    evidence = evidence_of("print(rain)", rain=rain)
    assert wrong_pair("Brest got 700.9 mm of rain in 2024.", "How much rain fell in Brest in 2024?", evidence)
    assert wrong_pair("Brest got 714.8 mm of rain in 2024.", "How much rain fell in Brest in 2024?", evidence) is None


def test_a_magnitude_word_is_the_reading_of_its_digits() -> None:
    assert [str(r.value) for r in values("1,801,804万円")[0].readings] == ["18018040000"]
    assert [r.how for r in values("about $12.3k")[0].readings] == ["magnitude"]


def test_a_time_of_day_matches_a_timedelta_and_a_hedge_reads_past_a_currency_code() -> None:
    shown = Shown(printed("print('25%   0 days 03:48:29.500000')"))
    assert shown.has(values("under 3:48:29")[0])
    assert not shown.has(values("under 3:48:28")[0])
    (rough, _) = values("Roughly CHF 4,800 (CHF 4,793.80 to the centime).")
    assert rough.readings[0].how == "hedged" and rough.readings[0].tolerance >= 50


def test_labels_side_by_side_of_one_row_name_it_once() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    frame = pd.DataFrame({"city": ["City 00", "City 01", "City 02"], "orders": [850, 566, 618],
                          "revenue": [24037.67, 44768.92, 34205.92]}).set_index("city")
    evidence = evidence_of("print(frame.to_string())", frame=frame)
    question = "Which city had the highest revenue?"
    assert wrong_pair("City 00 placed 850 orders worth $24,037.67.", question, evidence) is None
    assert wrong_pair("City 00 placed 566 orders.", question, evidence) is not None  # City 01's orders


def test_a_month_or_year_is_sourced_by_the_span_of_the_datas_date_columns() -> None:
    leaks = pd.DataFrame({"reported": pd.to_datetime(["2024-01-02", "2024-03-15", "2024-06-29"]),
                          "loss": [1.5, 2.0, 3.5]})
    cells = [CodeCell("print(leaks.loss.sum())", stdout="7.0", shown="7.0")]
    run = Run(id="r", question="How much water was lost?", model="m", sub_model="s", context_names=["leaks"],
              iterations=[Iteration(0, "r", cells=cells)])
    evidence = Evidence.of([run], [leaks])
    for answer in ("January to June 2024: 7.0 m³ lost.", "7.0 m³ over 2024."):
        grounding = trace(answer, evidence, typed=answer)
        assert grounding.grounded, grounding.unseen
        assert any("column reported runs from 2024-01-02 to 2024-06-29" in s.how for s in grounding.sources)
    for answer in ("July 2024: 7.0 m³ lost.", "7.0 m³ over 2023."):  # a period the data does not reach
        assert not trace(answer, evidence, typed=answer).grounded
    unread = trace("January to June 2024: 7.0 m³.", Evidence.of([run]), typed="...")  # no date column read
    assert unread.grounded and unread.scope == ["June 2024"]  # marked for a colleague to check, not refused


def test_a_long_text_label_of_a_series_keeps_its_word_spaces() -> None:
    notes = pd.Series(["Main heavily corroded, pinhole leaks along the barrel."] * 3
                      + ["Circumferential crack after ground frost."] * 2 + ["Tree roots pushed into a joint."],
                      name="note")
    (table,) = tables(printed("print(notes.value_counts())", notes=notes))
    assert table.rows[0].labels == ["Main heavily corroded, pinhole leaks along the barrel."]
    frame = pd.DataFrame({"round": [1, 1], "date": ["2023-08-13", "2023-08-12"], "home": ["Ashford", "Brookvale"]})
    (table,) = tables(printed("print(frame)", frame=frame))  # a frame's one-space column gap stays a break
    assert table.rows[0].cells["round"] == "1" and table.rows[0].cells["date"] == "2023-08-13"


@pytest.mark.parametrize("text, rank, count", [
    ("Belt 6 is the slowest.", 1, 1),  # a label's number with its verb is no top-six list
    ("about 114 s more than belt 3, the next slowest.", 2, 1),  # "next": one rank after the last
    ("the 3 busiest days", 1, 3), ("the five most popular routes", 1, 5),
])
def test_next_names_the_following_rank_and_a_labels_number_is_no_count(text: str, rank: int, count: int) -> None:
    from rlm_jupyter.engine.trust.forms import superlatives

    found = superlatives(text)[-1]
    assert (found.rank, found.count) == (rank, count)


@pytest.mark.parametrize("answer, refused", [
    ("On Mondays: 22 of the 56 no-shows, well ahead of Wednesday (16).", False),  # a weekday in the plural
    ("Patients miss the most appointments on Wednesdays (16 of 56).", True),
    ("January (100) and February (83) have the most reports; from March on it settles.", False),  # a top two
    ("January (100) and March (33) have the most reports; February follows.", True),
])
def test_plural_weekdays_and_a_top_set_in_its_clause_are_read(answer: str, refused: bool) -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    days = pd.Series([22, 16, 12, 6], index=pd.Index(["Monday", "Wednesday", "Thursday", "Friday"], name="day"),
                     name="count")
    months = pd.Series([100, 83, 33, 30], index=pd.Index(["January", "February", "March", "April"], name="month"),
                       name="count")
    frame = days if "Monday" in answer or "Wednesday" in answer else months
    evidence = evidence_of("print(frame)", frame=frame)
    found = wrong_extreme(answer, "When do most happen?", evidence, lambda label: False)
    assert (found is not None) == refused, found


def test_a_total_stated_before_its_steps_is_derived_from_them() -> None:
    answer = "€1,960: 12,000 × €0.13 = €1,560 for EN→DE plus 5,000 × €0.08 = €400 for EN→PL."
    grounding = traced(answer, "pair  rate\nEN-DE  0.13\nEN-PL  0.08", question="What would 12,000 words EN→DE "
                       "plus 5,000 words EN→PL cost?")
    assert grounding.grounded, grounding.unseen
    assert not traced("€2,960: 12,000 × €0.13 = €1,560 plus 5,000 × €0.08 = €400.", "pair  rate\nEN-DE  0.13\n"
                      "EN-PL  0.08", question="12,000 and 5,000 words?").grounded


def test_a_quantity_inside_a_printed_name_sources_the_same_quantity() -> None:
    header = "   episode  minutes  downloads_30d\n0        1       62           2568"
    grounding = traced("Guest episodes average 2,568 downloads in their first 30 days.", header)
    assert grounding.grounded and any(s.value == "30 days" and s.kind == "shown" for s in grounding.sources)
    assert not traced("Guest episodes average 2,568 downloads in their first 31 days.", header).grounded
    assert not traced("Guest episodes average 2,568 downloads in their first 30 minutes.", header).grounded


def test_a_text_column_of_dates_gives_the_years_it_writes() -> None:
    from rlm_jupyter.engine.trust.dates import data_spans

    jobs = pd.DataFrame({"received": ["04/01/2023", "15/06/2023", "20/12/2024"], "fee": [1.0, 2.0, 3.0]})
    (span,) = data_spans([jobs])
    assert (span.first.year, span.last.year, span.years) == (2023, 2024, True)
    assert data_spans([pd.DataFrame({"note": ["leak at 2024 Main St", "burst"]})]) == []  # not a column of dates


def test_a_magnitude_word_matches_a_column_that_counts_in_that_magnitude() -> None:
    frame = pd.DataFrame({"cow": ["C109", "C109", "C110"], "scc_k": [527, 676, 88]})
    for column, grounded in (("scc_k", True), ("scc", False)):  # 676 cells is not 676 thousand
        shown = frame.rename(columns={"scc_k": column}).to_string()
        grounding = traced("Greta peaked at 676 thousand cells/ml.", shown)
        assert grounding.grounded == grounded, shown
    cells = [CodeCell("print(high.scc_k.max())", stdout="676", shown="676")]
    run = Run(id="r", question="q", model="m", sub_model="s", iterations=[Iteration(0, "r", cells=cells)])
    assert trace("676 thousand at the peak", Evidence.of([run]), typed="...").sources[0].kind == "derived"
    assert [str(r.value) for r in values("Rund 69,8 Tsd. €")[0].readings] == ["69800.0"]


def test_a_method_the_code_calls_names_no_unit() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_unit

    evidence = evidence_of("print(days.min(), len(days))", days=pd.Series([3, 5, 9] * 4))
    assert wrong_unit("High on 12 days.", evidence) is None  # the min of .min() is no minute
    evidence = evidence_of("wait_min = frame.wait.mean()\nprint(wait_min)", frame=pd.DataFrame({"wait": [12, 12]}))
    assert wrong_unit("A wait of 12 seconds.", evidence) is not None


def test_a_figure_ahead_of_another_label_stays_with_its_own() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    ranked = pd.Series([15646.0, 15544.0, 12528.0], index=pd.Index(["Zürich", "Geneva", "Lausanne"], name="city"),
                       name="chf_m2")
    evidence = evidence_of("print(ranked)", ranked=ranked)
    question = "Where is housing most expensive per square metre?"
    assert wrong_pair("Zürich, at CHF 15'646 per m², narrowly ahead of Geneva (CHF 15'544).", question,
                      evidence) is None
    assert wrong_pair("Zürich costs CHF 15'646 per m², and the figure for Geneva is 12,528.", question, evidence)


@pytest.mark.parametrize("answer, refused", [
    ("Around midday: the hour from 12:00 to 13:00 is the busiest, just ahead of 13:00 (7,370).", False),
    ("Around midday: the hour from 13:00 to 14:00 is the busiest.", True),
])
def test_a_one_hour_range_names_its_first_hour(answer: str, refused: bool) -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    by_hour = pd.Series([3696, 7470, 7370, 6649], index=pd.Index([11, 12, 13, 14], name="hour"), name="visitors")
    evidence = evidence_of("print(by_hour.to_string())", by_hour=by_hour)
    found = wrong_extreme(answer, "At what time of day is it busiest?", evidence, lambda label: False)
    assert (found is not None) == refused, found


def test_a_quoted_literal_and_a_top_n_question_bind_no_label() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    levels = pd.Series([770, 224, 97], index=pd.Index(["error", "warn", "notice"], name="level"), name="count")
    evidence = evidence_of("print(levels)", levels=levels)
    answer = "1. `PHP Fatal error: Uncaught PDOException` (147 times)\n2. `AH01079: failed to connect` (166 times)"
    assert wrong_pair(answer, "What are the five most frequent messages in the error log?", evidence) is None
    assert wrong_pair("There were 224.", "How many lines of the log are at level error?", evidence)  # warn's


def test_rows_grouped_by_month_number_are_named_by_the_month() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_trend

    milk = pd.DataFrame({"date": pd.to_datetime(["2024-01-05", "2024-02-05", "2024-03-05"]),
                         "litres": [21751.5, 18525.6, 17744.6]})
    evidence = evidence_of("print(milk.groupby(milk.date.dt.month).litres.sum())", milk=milk)
    assert [row.labels for row in evidence.tables[0].rows] == [["1", "January"], ["2", "February"], ["3", "March"]]
    assert wrong_trend("Output rose steadily from January to March.", evidence) is not None
    assert wrong_trend("Output fell steadily from January to March.", evidence) is None
    by_day = milk.assign(date=pd.to_datetime(["2024-01-01", "2024-01-02", "2024-01-03"]))
    plain = evidence_of("print(milk.groupby(milk.date.dt.day).litres.sum())", milk=by_day)  # days of a month
    assert [row.labels for row in plain.tables[0].rows] == [["1"], ["2"], ["3"]]


def test_a_hedged_figure_takes_its_sign_from_the_nearest_printed_one() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_direction

    evidence = evidence_of("print(0.0695, 0.028, -59.6)\nprint('humidity', 56.5)")
    assert wrong_direction("The defect rate increased by about 60%.", evidence) is not None
    assert wrong_direction("The defect rate fell by about 60%.", evidence) is None


def test_a_possessives_own_extreme_gone_past_is_no_claim() -> None:
    from rlm_jupyter.engine.trust.forms import superlatives

    assert superlatives("the average fell to 19.08 l in March, as the herd moves past its lactation peak") == []
    assert len(superlatives("March was the peak of the year")) == 1


@pytest.mark.parametrize("code, wrong", [
    ("n = int((err.module == 'crit').sum())\nprint(n)", True),  # 'crit' is a level, not a module
    ("n = int((err.level == 'crit').sum())\nprint(n)", False),
])
def test_a_frame_the_code_made_of_a_log_is_searched_again(code: str, wrong: bool) -> None:
    from rlm_jupyter.engine.trust.search_again import refound

    log = "\n".join(f"[{level}] [{module}] message {n}" for n, (level, module) in enumerate(
        [("error", "proxy"), ("crit", "core"), ("warn", "php")] * 400))
    err = pd.DataFrame({"level": ["error", "crit", "warn"] * 400, "module": ["proxy", "core", "php"] * 400})
    cells = [CodeCell(code, stdout="0")]
    run = Run(id="r", question="How many critical errors?", model="m", sub_model="s", context_names=["log"],
              iterations=[Iteration(0, "r", cells=cells)])
    found = refound(run, {"log": log, "err": err}, ["log"])
    assert (found is not None and found.other_column == "level") == wrong, found


@pytest.mark.parametrize("text, direction", [
    ("Bern: homes spent 88.0 days on the market, longer than anywhere else.", "high"),
    ("Paris sold more than any other city.", "high"), ("Lyon had fewer than all the others.", "low"),
])
def test_a_comparative_against_all_the_rest_is_a_superlative(text: str, direction: str) -> None:
    from rlm_jupyter.engine.trust.forms import superlatives

    (found,) = superlatives(text)
    assert found.direction == direction
    assert superlatives("The water is colder than last year.") == []


@pytest.mark.parametrize("answer, refused", [
    ("The surge multiplier: it has the strongest correlation with the fare (r = 0.397).", True),  # off a head
    ("Mostly with cash: QR codes being the least common.", False),  # no pronoun: the clause's own label, unread
])
def test_a_pronoun_refers_a_claim_to_the_sentences_one_label(answer: str, refused: bool) -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    corr = pd.Series([0.397, 0.076, 0.5], index=["surge", "hour", "cash"], name="fare")
    evidence = evidence_of("print(corr.head(2))", corr=corr)
    found = wrong_extreme(answer, "What drives the fare most strongly?", evidence, lambda label: False)
    assert (found is not None) == refused, found


def test_a_listing_of_dtypes_selects_no_row(engine: Engine) -> None:
    frame = pd.DataFrame({"surge": [1.0, 2.0], "hour": [3, 4], "tip": [0.5, 0.1]})
    corr = pd.Series([0.397, 0.076, 0.5], index=["surge", "hour", "tip"], name="fare")
    code = "print(context.dtypes)\nprint(corr.head(2))"
    run = engine.run([fence(code), "FINAL(The surge: it has the strongest correlation with the fare.)",
                      fence("print(corr.idxmax())"), "FINAL(tip)"], {"context": frame, "corr": corr},
                     question="What drives the fare most strongly?")
    assert [v.gate for v in run.iterations[1].verdicts if v.action == "refused"] == ["wrong-extreme"]


def test_masses_convert_and_a_code_that_converts_names_no_unit() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_unit

    assert values("80.12 t")[0].unit is not None and values("80.12 t")[0].readings[0].how == "as written"
    assert traced("80.12 t of rubble.", "Bauschutt    80115.6").grounded  # kg to tonnes
    assert not traced("81.12 t of rubble.", "Bauschutt    80115.6").grounded
    kg = pd.DataFrame({"fraktion": ["Bauschutt", "Altholz"], "kg": [80115.6, 35530.0]})
    tonnes = evidence_of("print((kg.groupby('fraktion').kg.sum() / 1000).round(2))", kg=kg)
    assert wrong_unit("80.12 t of Bauschutt.", tonnes) is None  # the code divided: its names say kilograms
    grams = evidence_of("print(kg.groupby('fraktion').kg.sum())", kg=kg)
    assert wrong_unit("80,115.6 tonnes of Bauschutt.", grams) is not None


def test_the_questions_place_names_the_zone_of_a_printed_utc_time() -> None:
    stamp = "2024-09-01T22:42:10Z DISCHARGE QC03 reefer"
    grounding = traced("On Monday 2 September at 00:42 local time, by QC03.", stamp,
                       question="When was the first reefer discharged, in terminal (Amsterdam) time?")
    assert grounding.grounded, grounding.unseen
    assert not traced("On Monday 2 September at 01:42 local time.", stamp,
                      question="When, in terminal (Amsterdam) time?").grounded


def test_durations_between_two_stated_times_and_in_clock_form_are_derived() -> None:
    assert traced("From 07:53 to 10:40: 2 h 47 min between the first and last roast.",
                  "07:53:10 first\n10:40:02 last").grounded
    assert not traced("From 07:53 to 10:40: 3 h 47 min.", "07:53:10 first\n10:40:02 last").grounded
    assert traced("A typical roast takes 11:08 (median 668 s).", "50%    668.0").grounded
    assert not traced("A typical roast takes 11:18 (median 668 s).", "50%    668.0").grounded


def test_a_unit_after_a_number_and_an_extreme_gone_past_are_no_superlatives() -> None:
    from rlm_jupyter.engine.trust.forms import superlatives

    assert superlatives("12,188 (Paper Moons, 96 min) + 6,213 (Small Hours, 104 min)") == []
    assert superlatives("75,821 in September, after the summer peak.") == []
    assert len(superlatives("the minimum was 96")) == 1


@pytest.mark.parametrize("answer, refused", [
    ("Inhalers: €7,273.10, ahead of antibiotics (€3,824.00).", False),  # labels in the plural
    ("Antibiotics brought in the most money, €3,824.00.", True),
    ("Barmer: €4,124.25 of prescriptions. DAK is next.", False),  # a ranked sentence answers nothing
])
def test_plural_labels_and_ranked_sentences(answer: str, refused: bool) -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    revenue = pd.Series([7273.10, 3824.00, 3403.40], index=pd.Index(["inhaler", "antibiotic", "statin"],
                        name="category"), name="eur")
    insurers = pd.Series([4124.25, 3928.75, 2000.0], index=pd.Index(["Barmer", "DAK", "TK"], name="insurer"),
                         name="eur")
    frame = insurers if "Barmer" in answer else revenue
    evidence = evidence_of("print(frame.sort_values(ascending=False))", frame=frame)
    found = wrong_extreme(answer, "Which one brought in the most money?", evidence, lambda label: False)
    assert (found is not None) == refused, found


def test_a_label_with_a_hyphen_is_named_only_as_written() -> None:
    from rlm_jupyter.engine.trust.claims import mentions, table_labels

    status = pd.Series([29, 300], index=pd.Index(["no-show", "attended"], name="status"), name="count")
    labels = table_labels(evidence_of("print(status)", status=status).tables)
    assert [m.label for m in mentions("330 no-shows and the attended ones", labels)] == ["attended"]
    names = pd.Series([259970, 191790], index=pd.Index(["Dr. Holm", "Dr. Ekström"], name="vet"), name="fee")
    (table,) = tables(printed("print(names)", names=names))
    assert [row.labels for row in table.rows] == [["Dr. Holm"], ["Dr. Ekström"]]


def test_a_made_frames_dates_give_the_period() -> None:
    from rlm_jupyter.engine.trust.dates import data_spans

    parsed = pd.DataFrame({"when": pd.to_datetime(["2024-04-02", "2024-06-28"]), "kg": [1.0, 2.0]})
    (span,) = data_spans([parsed])
    assert (span.first.isoformat(), span.last.isoformat()) == ("2024-04-02", "2024-06-28")


@pytest.mark.parametrize("answer, refused", [
    ("Dr. Holm, with 259,970 SEK; Dr. Ekström billed 191,790 SEK.", False),  # a detail after the answer
    ("Dr. Ekström billed the most: 191,790 SEK.", True),  # a title's period ends no sentence
])
def test_a_title_ends_no_sentence_and_a_later_sentence_is_detail(answer: str, refused: bool) -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    fees = pd.Series([148140, 191790, 259970], index=pd.Index(["Dr. Nyberg", "Dr. Ekström", "Dr. Holm"], name="vet"),
                     name="fee_sek")
    evidence = evidence_of("print(fees.sort_values())", fees=fees)
    found = wrong_extreme(answer, "Which vet billed the most?", evidence, lambda label: False)
    assert (found is not None) == refused, found


@pytest.mark.parametrize("text, expected", [
    ("820 loads, 7 October to 3 November.", [("820", ""), ("7 October", "--10-07"), ("3 November.", "--11-03")]),
    ("from 52.4 °F on 16 March 18:00", [("52.4", ""), ("16 March", "--03-16"), ("18:00", "18:00")]),  # a clock
    ("June 26,853 lb, July 26,610 lb", [("26,853 lb", ""), ("26,610 lb", "")]),  # grouped figures, not days
    ("`SG=1.008 T=78.6F`", [("1.008", ""), ("78.6", "")]),  # T= keys the next reading: no trillion
    ("à 7h00, 25,6 % des inscrits", [("7h00", "7:00"), ("25,6 %", "")]),  # a French clock
    ("the GPX says 07:41Z)", [("07:41", "07:41")]),  # ISO 8601's Z for UTC after a clock
    ("at 07:41 Zagreb time", [("07:41", "07:41")]),
])
def test_days_clocks_and_keys_are_told_from_figures(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(v.text, v.key) for v in values(text)] == expected


def test_a_dollar_sign_fits_any_dollar_and_a_hedge_reads_past_a_currency_prefix() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_currency

    donations = pd.DataFrame({"value_cad": [120.5, 200.0]})
    evidence = evidence_of("print(donations.value_cad.sum())", donations=donations)
    assert wrong_currency("CA$320.50 in all.", evidence) is None and wrong_currency("32,05 k$", evidence) is None
    assert wrong_currency("€320.50 in all.", evidence) is not None
    hedged = [r.how for r in values("Roughly CA$327,000 by our estimates")[0].readings]
    assert set(hedged) == {"hedged"} and [r.how for r in values("some of 50 stores")[0].readings] == ["as written"]


def test_a_currency_symbol_cldr_gives_one_currency_names_that_currency() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_currency

    assert [(v.currency, v.first) for v in values("R$ 178.983,44 e CA$12 e 1 234,50 zł")] == [
        ("BRL", Decimal("178983.44")), ("CAD", 12), ("PLN", Decimal("1234.50"))]
    assert values("12 kr")[0].currency == ""  # Swedish and Norwegian crowns share it: no one currency
    expenses = pd.DataFrame({"brl": [64691.34]})
    evidence = evidence_of("print(expenses.brl.sum())", expenses=expenses)
    assert wrong_currency("Foram R$ 64.691,34.", evidence) is None
    assert wrong_currency("It was $64,691.34.", evidence) is not None


def test_a_sum_of_three_stated_figures_and_a_row_count_are_derived() -> None:
    plans = "| Resident | 219 |\nStudents get 20% off. A locker is EUR 15; a meeting room hour EUR 12."
    answer = ("EUR 214.20: Resident is EUR 219, less 20% = EUR 175.20, plus a locker at EUR 15 and 2 meeting-room "
              "hours at EUR 12 each = EUR 24.")
    assert traced(answer, plans).grounded
    assert not traced(answer.replace("214.20", "241.20"), plans).grounded
    nine = "\n".join(f"SW{n}  SC-10{n}  {n * 3}" for n in range(10, 19))
    assert traced("His last swap was SW18, 9 swaps in all.", nine).grounded
    assert not traced("His last swap was SW18, 11 swaps in all.", nine).grounded


@pytest.mark.parametrize("code, answer, grounded", [
    ("print(lost)", "All 6 lost-hiker call-outs came between 18:02 and 21:26.", True),
    ("print(lost)", "All 7 lost-hiker call-outs came between 18:02 and 21:26.", False),
    ("print(lost.head())", "All 5 lost-hiker call-outs came between 18:02 and 21:26.", False),  # a look, cut to 5
])
def test_a_count_may_be_the_rows_of_a_frame_of_text_printed_whole(code: str, answer: str, grounded: bool) -> None:
    # no column of figures, so no table to misread an extreme of, but its rows are there to count
    lost = pd.DataFrame({"when": pd.to_datetime(["2024-12-27 20:50", "2025-01-17 18:33", "2025-01-31 21:16",
                                                 "2025-02-17 18:02", "2025-02-17 18:08", "2025-03-01 21:26"]),
                         "place": ["Solisko", "Popradské pleso", "Hrebienok", "Lomnické sedlo", "Popradské pleso",
                                   "Chopok north"]}, index=[12, 19, 29, 36, 39, 49])
    assert traced_from(answer, code, lost=lost).grounded == grounded


@pytest.mark.parametrize("code, answer", [
    # (a review's inputs) the levels of an index or a header are no rows; a log and a record are no frame
    ("print(frame.set_index(['region', 'city']))", "All 4 call-outs."),
    ("print(frame.groupby('region').agg({'when': ['min', 'max']}))", "All 3 regions."),
    ("print('INFO start job\\nINFO read 1200\\nINFO wrote 300')", "The job wrote 2 files."),
    ("print(frame.iloc[0].to_string())", "All 2 call-outs."),
])
def test_a_frames_header_and_index_levels_a_log_and_a_record_are_no_rows_to_count(code: str, answer: str) -> None:
    frame = pd.DataFrame({"region": ["Tatra", "Tatra", "Fatra"], "city": ["Poprad", "Štrba", "Jasná"],
                          "when": pd.to_datetime(["2025-01-17 18:33", "2025-01-31 21:16", "2025-02-17 18:02"])})
    assert not traced_from(answer, code, frame=frame).grounded


def test_a_factor_the_code_applied_sources_the_same_figure_and_a_typed_answer_does_not() -> None:
    def run_of(code: str) -> Evidence:
        cells = [CodeCell(code, stdout="6.6", shown="6.6")]
        return Evidence.of([Run(id="r", question="q", model="m", sub_model="s",
                                iterations=[Iteration(0, "r", cells=cells)])])

    abv = "ABV 6.6%, computed as (OG − FG) × 131.25."
    source = trace(abv, run_of("print(round((1.064 - 1.014) * 131.25, 1))"), typed=abv).sources[1]
    assert source.kind == "derived" and "131.25" in source.how
    assert not trace(abv, run_of("print(round(x, 1)) if 131.25 > 1 else None"), typed=abv).grounded  # compared
    assert not trace("1976", run_of("year = 1976\nprint(6.6)"), typed="1976").grounded  # handed back


def test_the_datas_first_and_last_day_and_a_scoping_date_are_told_from_an_asked_one() -> None:
    from rlm_jupyter.engine.trust.dates import data_spans

    loads = pd.DataFrame({"start": pd.to_datetime(["2024-10-07 06:17", "2024-11-03 19:02"]), "water_l": [331, 406]})
    run = Run(id="r", question="How much water?", model="m", sub_model="s",
              iterations=[Iteration(0, "r", cells=[CodeCell("print(loads.water_l.sum())", stdout="737",
                                                            shown="737")])])
    evidence = Evidence.of([run], [loads])
    assert data_spans([loads])[0].last.isoformat() == "2024-11-03"
    assert trace("737 litres, 7 October to 3 November.", evidence, typed="...").grounded
    tenth = trace("737 litres, 10 October to 3 November.", evidence, typed="...")
    assert tenth.grounded and tenth.scope == ["10 October"]  # inside the data's period: marked, not refused
    assert trace("737 litres, 7 October to 4 November.", evidence, typed="...").unseen == ["4 November."]  # past it
    assert traced("737 litres in 2019.", "737", question="How much water?").scope == ["2019"]
    assert traced("2019 loads.", "737", question="How many loads?").unseen == ["2019"]  # a count, not a period
    assert traced("On 4 November.", "737", question="When was the last load?").unseen == ["4 November."]


def test_rows_labelled_by_currency_and_a_pound_weight_name_their_unit() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_currency, wrong_unit

    pledges = pd.DataFrame({"currency": ["EUR", "GBP", "USD"], "amount": [74110.0, 18686.0, 50397.0],
                            "eur": [74110.0, 22049.5, 45861.3]})
    by_currency = evidence_of("print(pledges.groupby('currency').amount.sum())", pledges=pledges)
    assert wrong_currency("Pledges in pounds came to €18,686.", by_currency) is not None
    assert wrong_currency("Pledges in pounds came to £18,686.", by_currency) is None
    converted = evidence_of("print(pledges.groupby('currency').eur.sum())", pledges=pledges)  # the code names EUR
    assert wrong_currency("Pledges in pounds came to €22,049.50.", converted) is None
    donations = pd.DataFrame({"weight_lb": [20000.0, 14846.2]})
    weighed = evidence_of("print(donations.weight_lb.sum())", donations=donations)
    assert wrong_unit("34,846.2 kg of canned food.", weighed) is not None
    assert wrong_unit("34,846.2 lb of canned food.", weighed) is None
    assert traced("About 15,806 kg in all.", "34846.2").grounded  # pounds converted in the head


@pytest.mark.parametrize("answer, refused", [
    ("Sim: o Porto faturou 51.165 €, contra 40.193 € em Lisboa Aeroporto.", True),  # Lisbon's figure as Porto's
    ("Sim: o Porto faturou 40.193 €, contra 51.165 € em Lisboa Aeroporto.", False),
    ("Lisbon Airport beat Porto by 10,972 € (51,165 € vs 40,193 €).", False),  # a bracket lists them in order
])
def test_a_comparison_word_ties_the_first_figure_to_the_label_before_it(answer: str, refused: bool) -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    revenue = pd.Series([30756.0, 51165.0, 40193.0], index=pd.Index(["Faro", "Lisbon Airport", "Porto"], name="branch"),
                        name="revenue_eur")
    evidence = evidence_of("print(revenue)", revenue=revenue)
    assert (wrong_pair(answer, "Did Porto bill more than Lisbon Airport?", evidence) is not None) == refused


@pytest.mark.parametrize("question, asks", [
    ("What share of table-linen loads were rewashed?", "one figure"),  # a compound's word is no "table"
    ("Roughly how much do riders who tip leave, on average?", "one figure"),  # "who" after a noun is relative
    ("What is our total?", "one figure"),  # a possessive determiner before the noun asked for
    ("What's our no-show rate?", "one figure"),  # a hyphenated word modifies the noun after it
    ("How many failed, and which service had the most?", None),  # two questions
    ("Give me the revenue as a table.", None),
])
def test_a_questions_form_is_read_past_compounds_relatives_and_determiners(question: str, asks: str | None) -> None:
    from rlm_jupyter.engine.trust.forms import asks_for_one

    assert asks_for_one(question) == asks


def test_a_percent_under_one_is_no_printed_fraction_though_another_block_made_percents() -> None:
    def shown_in(*cells: CodeCell) -> Evidence:
        return Evidence.of([Run(id="r", question="q", model="m", sub_model="s",
                                iterations=[Iteration(0, "r", cells=list(cells))])])

    parse = CodeCell("roasts['loss_pct'] = (1 - roasts.roasted / roasts.green) * 100", stdout="", shown="")
    fraction = CodeCell("print(roasts.qc.value_counts(normalize=True).round(3))", stdout="OK    0.938\nFAIL  0.062",
                        shown="OK    0.938\nFAIL  0.062")
    assert not trace("0.062% failed QC.", shown_in(parse, fraction), typed="...").grounded  # 6.2%, not 0.062%
    assert trace("6.2% failed QC.", shown_in(parse, fraction), typed="...").grounded
    loss = CodeCell("print(roasts.loss_pct.min().round(3))", stdout="0.062", shown="0.062")
    assert trace("0.062% at the least.", shown_in(parse, loss), typed="...").grounded  # the percent made earlier


@pytest.mark.parametrize("answer, refused", [
    ("From 60 to 2,540 cards per job; the median run is 720, over 83 jobs.", False),  # statistics rank nothing
    ("Wizytówki runs the largest jobs: 1,900 cards.", True),  # an item's extreme is still checked
])
def test_a_table_of_statistics_has_no_items_to_rank(answer: str, refused: bool) -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    stats = pd.Series([60.0, 720.0, 2540.0], index=["min", "median", "max"], name="naklad")
    runs = pd.Series([1900, 3100], index=pd.Index(["Wizytówki", "Plakaty"], name="produkt"), name="naklad")
    evidence = evidence_of("print(stats)\nprint(runs)", stats=stats, runs=runs)
    found = wrong_extreme(answer, "What size are our runs, smallest to largest?", evidence, lambda label: False)
    assert (found is not None) == refused, found


def test_a_singular_question_word_makes_its_noun_one_choice_and_a_money_column_no_weight() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_unit
    from rlm_jupyter.engine.trust.forms import asks_for_one

    assert asks_for_one("Quel cours attire le plus de monde ?") == "one choice"  # "cours" is singular here
    assert asks_for_one("Quels cours attirent le plus de monde ?") is None
    donors = pd.DataFrame({"weight_lb": [28009.1, 9100.4], "value_cad": [43820.5, 12000.0]},
                          index=pd.Index(["farm", "school"], name="donor"))
    evidence = evidence_of("print(donors)", donors=donors)
    assert wrong_unit("Farms gave 43,820.5 lb.", evidence) is not None  # the value column's figure
    assert wrong_unit("Farms gave 28,009.1 lb.", evidence) is None


def test_a_date_searched_in_iso_is_found_again_as_a_log_writes_it() -> None:
    from rlm_jupyter.engine.trust.search_again import _in_text

    log = "12AUG24 05:03:37 BELT01 SK2617/CPH EVT=DELIVERED\n17AUG24 09:12:01 BELT03 FR8345/STN EVT=MISSING"
    found = _in_text(["2024-08-17"], log)
    assert found is not None and found.data_has == "17AUG24"
    assert _in_text(["2024-08-18"], log) is None  # a day the log does not hold: nothing says against "none"


@pytest.mark.parametrize("answer, refused", [
    ("2,018.7 lb in June, a peak of 10,496.0 lb in September, and 2,093.1 lb by November.", False),
    ("2,018.7 lb in June, a peak of 8,319.2 lb in July, and 2,093.1 lb by November.", True),  # July is not the peak
])
def test_a_superlatives_figure_tied_to_the_label_after_it_names_that_label(answer: str, refused: bool) -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    produce = pd.Series([2018.7, 8319.2, 10496.0, 2093.1], index=pd.Index(["June", "July", "September", "November"],
                                                                          name="day"), name="weight_lb")
    evidence = evidence_of("print(produce)", produce=produce)
    found = wrong_extreme(answer, "How did produce donations move through the season?", evidence, lambda label: False)
    assert (found is not None) == refused, found


def test_litres_are_a_volume_and_a_capital_l_is_litres_as_well_as_lakh() -> None:
    (litres,) = values("38,395.8 L")
    assert litres.unit is not None and litres.unit.dimension == "volume"
    assert {r.value for r in litres.readings} >= {Decimal("38395.8"), Decimal("3839580000")}  # or lakh (India)
    assert traced("100.5 m³ of sap in all", "100505.5").grounded  # litres, as cubic metres
    assert not traced("100.5 m³ of sap in all", "4321.0").grounded  # no conversion gives it
    from rlm_jupyter.engine.trust.claims import wrong_unit

    sap = pd.DataFrame({"seve_l": [60000.0, 40505.5]})
    evidence = evidence_of("print(sap.seve_l.sum())", sap=sap)
    assert wrong_unit("About 100,505.5 m³ of sap.", evidence) is not None  # litres called cubic metres
    assert wrong_unit("About 100,505.5 L of sap.", evidence) is None


def test_arithmetic_the_answer_writes_out_is_evaluated_when_its_operands_have_sources() -> None:
    tariff = "berth 68\nwater 6\ntax 1.35"
    worked = traced("EUR 230.10: 3 × 68 EUR + 3 × 6 EUR + 2 × 3 × 1.35 EUR = 204 + 18 + 8.10.", tariff,
                    question="three nights for two adults?")
    assert worked.grounded, worked.unseen
    total = worked.sources[0]
    # the working in full, each figure as often as it is written (the 3 nights three times)
    assert total.kind == "derived" and total.how.startswith("3 × 68 EUR + 3 × 6 EUR") and len(total.operands) == 7
    # a written sum of a figure no output showed derives nothing
    assert not traced("EUR 231.10 = 204 + 19 + 8.10.", tariff, question="three nights?").grounded


def test_a_time_of_day_shifted_by_a_stated_duration_or_offset_is_derived() -> None:
    line = "21:58:43 | Marlo Haas – Sommer in Kiel | 3:58 | ROT-A"
    ends = traced("It ended at 22:02:41: it started at 21:58:43 and runs 3:58.", line)
    assert ends.grounded and ends.sources[0].how == "21:58:43 + 3:58"
    assert not traced("It ended at 22:12:41: it started at 21:58:43 and runs 3:58.", line).grounded
    utc = traced("It started at 15:13:50 Oslo time (UTC+1), i.e. 14:13:50 UTC.", "2024-11-30 15:13:50")
    assert utc.grounded and "UTC+1" in utc.sources[-1].how
    assert not traced("It started at 15:13:50 Oslo time, i.e. 14:13:50 UTC.", "2024-11-30 15:13:50").grounded


def test_the_scale_of_a_score_is_no_value_of_the_data() -> None:
    assert traced("74.8/100 on average.", "Colombo    74.8").grounded
    assert not traced("74.8/120 on average.", "Colombo    74.8").grounded  # no round scale
    assert not traced("174.8/100 on average.", "Colombo    174.8").grounded  # more than its scale


def test_romance_superlatives_with_a_noun_or_a_relative_are_read() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme
    from rlm_jupyter.engine.trust.forms import superlatives

    assert [(s.direction) for s in superlatives("La variedad más entregada fue la Hojiblanca.")] == ["high"]
    assert [(s.direction) for s in superlatives("El socio que más entregó fue S-126.")] == ["high"]
    assert superlatives("La Hojiblanca dio más aceite que la Arbequina.") == []  # a comparative
    kg = pd.Series({"Picual": 1423861, "Hojiblanca": 643167, "Arbequina": 373934}, name="kg")
    evidence = evidence_of("print(kg.sort_values(ascending=False))", kg=kg)
    question = "¿Qué variedad se entregó más?"
    assert wrong_extreme("La variedad más entregada fue la Hojiblanca.", question, evidence, lambda _: False)
    assert wrong_extreme("La variedad más entregada fue la Picual.", question, evidence, lambda _: False) is None


def test_a_column_named_in_a_header_is_no_selection_of_it() -> None:
    from rlm_jupyter.engine.trust.printed import outside_tables

    frame = pd.DataFrame({"brix": [2.7, 2.9, 3.1], "t_max": [-3.5, -3.2, 1.0], "t_min": [-14.3, -14.4, -9.0]})
    lines = printed("print(frame.head(2))", frame=frame)
    outside = [line.text for line in outside_tables(lines, tables(lines))]
    assert not any("t_max" in text for text in outside)


def test_a_comparative_without_progression_states_no_trend() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_trend

    months = pd.Series([17.56, 19.03, 21.09, 22.36], index=["2023-11", "2023-12", "2024-01", "2024-02"], name="rend")
    evidence = evidence_of("print(months)", months=months)
    assert wrong_trend("The early, greener olives give less oil.", evidence) is None
    assert wrong_trend("The yield got lower every month.", evidence) is not None


def test_a_trend_over_numbered_periods_is_checked_over_the_rows_it_names() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_trend

    weekly = pd.Series([0.0, 11157.8, 38395.8, 32708.3, 17514.0, 576.7, 152.9],
                       index=pd.Index(range(10, 17), name="week"), name="seve_l")
    evidence = evidence_of("print(weekly)", weekly=weekly)
    # the rows named bound the span: weeks 13 to 16 fall, though the whole table rises from week 10
    assert wrong_trend("After that it declined every week: 32,708.3 L in week 13 to 152.9 L in week 16.",
                       evidence) is None
    assert wrong_trend("It rose every week, from 32,708.3 L in week 13 to 152.9 L in week 16.", evidence)
    brix = pd.Series([2.75, 2.67, 2.51, 2.33, 2.18, 2.05, 1.83], index=pd.Index(range(10, 17), name="week"),
                     name="brix")
    spans = evidence_of("print(brix)", brix=brix)
    assert wrong_trend("It rose steadily, ending 33% higher in week 16 than in week 10.", spans) is not None
    assert wrong_trend("It fell steadily, ending 33% lower in week 16 than in week 10.", spans) is None


def test_a_figure_typed_into_named_fields_or_a_string_of_the_code_has_no_source() -> None:
    cells = [CodeCell("ev = log.splitlines()\nprint(len(ev))", stdout="900", shown="900"),
             CodeCell("SUBMIT(total_kwh=25000, sessions=len(ev))")]
    run = Run(id="r", question="q", model="m", sub_model="s", context_names=["log"],
              iterations=[Iteration(0, "r", cells=cells)])
    evidence = Evidence.of([run])
    typed = trace({"total_kwh": 25000, "sessions": 900}, evidence, typed=None, given_by="SUBMIT")
    assert typed.unseen == ["25000"]  # typed into the call, never shown
    assert trace({"total_kwh": 31250.5, "sessions": 900}, evidence, typed=None, given_by="SUBMIT").grounded
    quoted = [CodeCell('answer = {"content": "unos 3 millones de kilos", "ready": True}')]
    literal = Run(id="r", question="q", model="m", sub_model="s", context_names=["x"],
                  iterations=[Iteration(0, "r", cells=quoted)])
    assert not trace("unos 3 millones de kilos", Evidence.of([literal]), typed=None).grounded


def test_change_words_of_dutch_and_the_nordic_languages_have_a_direction() -> None:
    from rlm_jupyter.engine.trust.forms import change_direction

    assert change_direction("Het aantal passagiers steeg in augustus met 14,4%.") == "up"
    assert change_direction("Het aantal passagiers daalde in augustus met 14,4%.") == "down"
    assert change_direction("Antallet økte med 12 %.") == "up"
    assert change_direction("Antalet minskade med 12 %.") == "down"


def test_a_filter_added_in_place_of_a_cleaning_step_revises_the_figure(engine: Engine) -> None:
    sailings = pd.DataFrame({"status": ["SAILED", "SAILED", "CANCELLED", "SAILED"], "delay": [9.0, 22.0, None, 0.0]})
    blocks = ["print(round(context.delay.fillna(0).mean(), 2))",
              "sailed = context[context.status == 'SAILED']\nprint(round(sailed.delay.mean(), 2))"]
    question = "What is the average delay of the sailings that left?"
    stale = engine.run([fence(b) for b in blocks] + ["FINAL(7.75 minutes)"], sailings.copy(), question=question,
                       max_iterations=3)
    assert [v.gate for v in stale.iterations[-1].verdicts if v.action == "refused"] == ["stale-figure"]
    kept = engine.run([fence(b) for b in blocks] + ["FINAL(10.33 minutes)"], sailings.copy(), question=question,
                      max_iterations=3)
    assert kept.status == "final" and kept.iterations[-1].verdicts == []


def test_by_an_agent_is_no_grouping_of_the_question() -> None:
    from rlm_jupyter.engine.trust.forms import asks_for_one

    assert asks_for_one("How much energy does a session deliver, leaving out sessions cut short by a fault?") == \
        "one figure"
    assert asks_for_one("How much energy did each site deliver, by month?") != "one figure"


def test_the_data_tells_how_it_writes_its_dates_when_no_output_does() -> None:
    deliveries = pd.DataFrame({"fecha": ["06/11/2023", "08/11/2023", "22/11/2023"], "socio": ["S-1", "S-1", "S-2"]})
    code = "print(deliveries.head(2))"
    out = "\n".join(line.text for line in printed(code, deliveries=deliveries))
    run = Run(id="r", question="When?", model="m", sub_model="s", context_names=["deliveries"],
              iterations=[Iteration(0, "r", cells=[CodeCell(code, stdout=out, shown=out)])])
    with_data = Evidence.of([run], [deliveries])
    assert not trace("On June 11, 2023.", with_data, typed="On June 11, 2023.").grounded  # day first in the data
    assert trace("On 6 November 2023.", with_data, typed="On 6 November 2023.").grounded
    assert trace("On June 11, 2023.", Evidence.of([run]), typed="On June 11, 2023.").grounded  # no order known


def test_a_slice_bound_is_no_figure_typed_into_the_code() -> None:
    from rlm_jupyter.engine.trust.provenance import typed_constants

    cells = [CodeCell("print(lodge[:1200])"), CodeCell("total = 1200\nanswer = f'R{total}'")]
    run = Run(id="r", question="q", model="m", sub_model="s", iterations=[Iteration(0, "r", cells=cells[:1])])
    assert not typed_constants([run]).has(values("1200")[0])  # how much to look at
    run.iterations[0].cells = cells
    assert typed_constants([run]).has(values("1200")[0])  # a figure typed in
    run.iterations[0].cells = [CodeCell("print(t.loc['2024-01-01':'2024-03-31'])")]
    assert any(line.text == "2024-01-01" for line in typed_constants([run]).lines)  # a label's bound is typed


def test_a_week_s_first_day_needs_the_week_named_as_one() -> None:
    when = "When did it start?"
    assert traced("ISO week 10 started on Monday 4 March 2024.", "week 10    38395.8\n2024-03-10",
                  question=when).grounded
    assert not traced("Screen 1 first sold out on 1 January 2024.", "Screen 1    220\n2024-03-10",
                      question=when).grounded


@pytest.mark.parametrize("code, names", [
    ("print(df.groupby('evening').sold.mean())", {"true": "evening"}),
    ("print(df.groupby(df.guest != '').downloads.mean())", {"true": "guest"}),
    ("print(df.groupby(df['heure'] == '07h00').no_show.mean())", {"true": "07h00"}),
    ("print(df.groupby(df.heure != '07h00').no_show.mean())", {"false": "07h00"}),
    ("print(df.groupby(df.notes.str.contains('frost')).size())", {"true": "frost"}),
    ("print(df.groupby(df.refund.isna()).amount.sum())", {"false": "refund"}),
    ("print(df.groupby('a').x.sum(), df.groupby('b').x.sum())", {}),  # two groupings: which is which is unknown
])
def test_a_grouping_by_a_condition_names_its_true_and_false_rows(code: str, names: dict[str, str]) -> None:
    from rlm_jupyter.engine.trust.booleans import boolean_names

    assert boolean_names(code) == names


def test_figures_of_true_and_false_rows_are_checked_by_what_the_condition_names() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    episodes = pd.DataFrame({"guest": ["", "Ana", "", "Bo"], "downloads_30d": [3011.8, 3748.9, 3011.8, 3748.9]})
    evidence = evidence_of("print(episodes.groupby(episodes.guest != '').downloads_30d.mean())", episodes=episodes)
    question = "Do guest episodes or solo episodes get more downloads?"
    assert wrong_pair("Solo episodes do better: 3,748.9 downloads, against 3,011.8 for guest episodes.", question,
                      evidence) is not None
    assert wrong_pair("Guest episodes do better: 3,748.9 downloads, against 3,011.8 for solo episodes.", question,
                      evidence) is None


def test_a_text_column_with_spaces_and_digits_is_one_cell_and_its_first_word_names_its_row() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    stock = pd.DataFrame({"name": ["Ibuprofen 400 mg 20 tabs", "Ramipril 5 mg 50 tabs", "Amlodipine 5 mg 50 tabs"],
                          "stock": [8, 50, 39], "reorder_level": [10, 20, 15]})
    evidence = evidence_of("print(stock)", stock=stock)
    (table,) = evidence.tables
    assert [row.labels for row in table.rows] == [[name] for name in stock.name]
    assert table.aliases["ramipril"] == "ramipril 5 mg 50 tabs"
    question = "How many packs of Ramipril do we have in stock?"
    claim = wrong_pair("Ramipril has 20 packs in stock.", question, evidence)
    assert claim is not None and claim.values["label"] == "Ramipril 5 mg 50 tabs"
    assert claim.values["column"] == "reorder_level"
    assert wrong_pair("Ramipril has 50 packs in stock.", question, evidence) is None


TAPS = pd.DataFrame({"line": ["S-Bahn_S5", "Tram_4", "S-Bahn_S5", "Bus_33", "Tram_4"],
                     "fare": [4.4, 2.8, 4.4, 2.8, 2.8]})
S5_QUESTION = "How much did S-Bahn S5 fares bring in that week?"


@pytest.mark.parametrize("code, answer, refused", [
    # the total over every line, printed after a table: the block's last line is the last print's
    ("print(context.line.value_counts())\nprint(round(context.fare.sum(), 2))", "The S5 took in CHF 17.20.", True),
    ("print(context.line.value_counts())\nprint(round(context[context.line == 'S-Bahn_S5'].fare.sum(), 2))",
     "The S5 took in CHF 8.80.", False),
])
def test_a_code_of_letters_and_digits_names_a_part_inside_the_data_s_values(engine: Engine, code: str, answer: str,
                                                                            refused: bool) -> None:
    # (row-mismatch, which also sees the S5 row of the counts, is switched off: this is wrong-subset's own test)
    run = engine.run([fence(code), f"FINAL({answer})"], TAPS, question=S5_QUESTION, max_iterations=2,
                     acceptance="strict,-row-mismatch")
    refusals = [v for v in run.iterations[-1].verdicts if v.action == "refused"]
    assert [v.gate for v in refusals] == (["wrong-subset"] if refused else []), refusals


APPOINTMENTS = pd.DataFrame({"patient_id": ["PT-1", "PT-2", "PT-1", "PT-3", "PT-2", "PT-4"],
                             "dentist": ["Dr. Sá", "Dr. Sá", "Dr. Sá", "Dr. Sá", "Dr. Holm", "Dr. Sá"]})


@pytest.mark.parametrize("code, answer, refused", [
    ("sa = context[context.dentist == 'Dr. Sá']\nprint(len(sa))", "Dr. Sá saw 5 patients.", True),
    ("sa = context[context.dentist == 'Dr. Sá']\nprint(sa.patient_id.nunique())", "Dr. Sá saw 4 patients.", False),
])
def test_rows_of_a_table_the_code_made_are_no_count_of_the_things_that_repeat_in_it(
        engine: Engine, code: str, answer: str, refused: bool) -> None:
    run = engine.run([fence(code), f"FINAL({answer})"], APPOINTMENTS, question="How many patients did Dr. Sá see?",
                     max_iterations=2)
    refusals = [v.gate for v in run.iterations[-1].verdicts if v.action == "refused"]
    assert refusals == (["not-distinct"] if refused else []), run.iterations[-1].verdicts


def test_a_difference_of_two_stated_times_and_the_base_of_a_rate_are_derived() -> None:
    finishes = "M   0 days 04:09:43.500000\nW   0 days 04:29:09.000000"
    answer = "The men finished in 4:09:43 and the women in 4:29:09, so the men were about {} minutes faster."
    assert traced(answer.format(19), finishes).grounded
    assert not traced(answer.format(25), finishes).grounded
    assert traced("from 0.73 mites per 100 bees in April", "April 0.73").grounded
    assert not traced("from 0.73 mites per 120 bees in April", "April 0.73").grounded  # no power of ten


def test_a_bound_the_code_filtered_by_is_a_source_only_when_stated_as_a_bound() -> None:
    code = "sc['evening'] = sc.start_dt.dt.hour >= 17\nbig = sc[sc.sold > 150]\nprint(len(big))"
    cells = [CodeCell(code, stdout="12", shown="12")]
    run = Run(id="r", question="q", model="m", sub_model="s", context_names=["sc"],
              iterations=[Iteration(0, "r", cells=cells)])
    evidence = Evidence.of([run])
    bound = trace("Evening shows (from 17:00): 12 sold over 150 seats.", evidence, typed="x")
    assert bound.grounded and "dt.hour >= 17" in bound.sources[0].how
    assert not trace("Evening shows: 150 seats sold.", evidence, typed="x").grounded  # a filter's constant, as a result


def test_a_short_capital_code_is_named_only_in_capitals() -> None:
    from rlm_jupyter.engine.trust.claims import Labels, mentions

    labels = ["de", "en", "fr"]
    codes = Labels(labels)
    codes.codes = frozenset(labels)
    assert mentions("Cerca de 631 mil palavras em 2024.", codes) == []  # Portuguese "de", no language
    assert [m.label for m in mentions("Jobs from DE paid most.", codes)] == ["de"]


def test_an_airline_day_is_a_date() -> None:
    line = "12AUG24 14:18:39 BELT04 U24821/LGW TAG=0603198951 EVT=MISSING"
    assert [(v.kind, v.key) for v in values("12AUG24")] == [("date", "2024-08-12")]
    assert traced("On Monday 12 August 2024 at 14:18:39.", line, question="When?").grounded
    assert not traced("On Monday 13 August 2024 at 14:18:39.", line, question="When?").grounded


def test_a_print_in_a_loop_that_never_ran_printed_no_line() -> None:
    from rlm_jupyter.engine.trust.parts import printed_expression
    from rlm_jupyter.engine.trust.revisions import source_of

    def expression(code: str, out: str) -> str | None:
        run = Run(id="r", question="How many?", model="m", sub_model="s", context_names=["records"],
                  iterations=[Iteration(0, "r", cells=[CodeCell(code, stdout=out, shown=out)])])
        evidence = Evidence.of([run])
        (match,) = [m for m in evidence.shown.matches(values("0")[0]) if m.figure is not None]
        found = printed_expression(match, evidence)
        return source_of(found) if found is not None else None

    looped = "hits = [1 for r in records if 'x' in r]\nprint(len(hits))\nfor h in hits[:5]:\n    print(records[:100])"
    # the loop's print may not have run, but the first line is the first print's: nothing before it writes
    assert expression(looped, "0") == "len([1 for r in records if 'x' in r])"
    first_in_loop = "for h in records[:5]:\n    print(len(h))\nprint(len(records))"
    assert expression(first_in_loop, "0\n7") is None  # a loop's print first: it may have run many times, or never
    blank_first = "print('')\nfor h in records[:5]:\n    print(len(h))"
    assert expression(blank_first, "0") is None  # print('') printed a blank line, which no line shows
    # (a review's inputs) something else may write before the first print: the first line is then not known
    for before in ("from pprint import pprint\npprint(len(records))\n", "import sys\nsys.stdout.write('0\\n')\n",
                   "n = helper(records)\n", "len(records)\n"):
        assert expression(before + "print(len(records))\nprint(records[:3])", "0\nabc") is None, before
    assert expression("import sys\nprint(len(records), file=sys.stderr)\nprint(records[:3])", "0\nabc") is None
    last = "hits = [1 for r in records if 'x' in r]\nprint(records[:0].count('x'))\nprint(len(hits))"
    assert expression(last, "0") == "len([1 for r in records if 'x' in r])"


def test_a_superlative_s_column_is_named_by_its_own_clause_and_tied_to_the_label_after_it() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    sectors = pd.DataFrame({"seve_l": [13276.8, 31303.5, 18770.7, 37154.5], "brix": [2.47, 2.20, 2.22, 2.24],
                            "l_par_entaille": [14.0, 22.4, 15.6, 20.1]},
                           index=pd.Index(["Colline", "Nord", "Ruisseau", "Sud"], name="secteur"))
    evidence = evidence_of("print(sectors)", sectors=sectors)
    question = "How do the four sectors compare?"
    fair = "Colline is the smallest sector (14.0 L per tap), though its sap is the sweetest (2.47 °Brix on average)."
    assert wrong_extreme(fair, question, evidence, lambda _: False) is None
    assert wrong_extreme("Sud is the smallest sector, though its sap is the sweetest (2.24 °Brix on average).",
                         question, evidence, lambda _: False) is not None
    weekly = pd.Series([0.0, 11157.8, 38395.8, 32708.3], index=pd.Index(range(10, 14), name="week"), name="seve_l")
    weeks = evidence_of("print(weekly)", weekly=weekly)
    trend = "Then 11,157.8 L in week {} and the peak in week {} (38,395.8 L)."
    assert wrong_extreme(trend.format(11, 12), "How did the flow develop?", weeks, lambda _: False) is None
    assert wrong_extreme(trend.format(12, 11), "How did the flow develop?", weeks, lambda _: False) is not None


ROUTES = pd.DataFrame({"route": ["Haven", "Grachtengordel", "Haven", "Jordaan", "Avondtocht", "Jordaan"] * 4,
                       "passagiers": [33, 51, 48, 68, 46, 40] * 4})


@pytest.mark.parametrize("code, answer, refused", [
    ("print(context.head(3))", "It sails 2 routes: Haven and Grachtengordel.", True),  # a head read as the whole
    ("print(context.route.unique())", "It sails Haven, Grachtengordel, Jordaan and Avondtocht.", False),
    ("print(context.head(6))", "It sails Haven, Grachtengordel, Jordaan and Avondtocht.", False),  # all
    ("print(context.head(2))", "Only Haven: every trip is on that route.", True),  # one value
    ("print(context.shape)", "It sails Jordaan and Avondtocht.", True),  # values no output showed
    ("print(context.route.value_counts())", "Mostly Haven and Jordaan.", False),  # computed over the column
    ("print(context.head(3))\nprint(context.route.nunique())", "It sails 4 routes, Haven among them.", False),
])
def test_values_listed_as_all_there_are_from_a_preview_are_refused(engine: Engine, code: str, answer: str,
                                                                   refused: bool) -> None:
    run = engine.run([fence(code), f"FINAL({answer})"], ROUTES, question="Which routes does the operator sail?",
                     max_iterations=2)
    refusals = [v.gate for v in run.iterations[-1].verdicts if v.action == "refused"]
    assert refusals == (["wrong-subset"] if refused else []), run.iterations[-1].verdicts


def test_values_listed_from_a_preview_of_a_text_the_code_parsed_into_a_frame(engine: Engine) -> None:
    """The data is a JSON-lines text, so only the frame the code made of it says how many routes there are: a list
    read off a look at the text and the frame's size is refused; the same list after ``unique()`` is accepted."""
    text = "\n".join(json.dumps(trip) for trip in ROUTES.to_dict("records") * 5)  # JSON lines
    parse = "import json\nimport pandas as pd\nt = pd.DataFrame([json.loads(x) for x in context.splitlines()])\n"
    question = "Which routes does the operator sail?"
    looked = engine.run([fence(f"{parse}print(context[:60])\nprint(t.shape)"),
                         "FINAL(Haven, Grachtengordel and Jordaan.)"], text, question=question, max_iterations=2)
    assert [v.gate for v in looked.iterations[-1].verdicts if v.action == "refused"] == ["wrong-subset"]
    listed = engine.run([fence(f"{parse}print(t.route.unique())"),
                         "FINAL(Haven, Grachtengordel, Jordaan and Avondtocht.)"], text, question=question,
                        max_iterations=2)
    assert listed.status == "final" and not [v for v in listed.iterations[-1].verdicts if v.action == "refused"]


def test_a_preview_of_a_dict_of_tables_and_a_value_the_question_names(engine: Engine) -> None:
    shop = {"shop": {"routes": ROUTES, "boats": pd.DataFrame({"boat": ["Amstel", "IJ"], "seats": [80, 60]})}}
    look = fence("print(shop['boats'])\nprint(shop['routes'].head(3))")
    preview = engine.run([look, "FINAL(Haven and Grachtengordel.)"], shop,
                         question="Which routes does the operator sail?", max_iterations=2)
    assert [v.gate for v in preview.iterations[-1].verdicts if v.action == "refused"] == ["wrong-subset"]
    named = engine.run([look, "FINAL(Haven, yes, among others.)"], shop,
                       question="Which routes does the operator sail, Haven too?", max_iterations=2)
    assert not [v.gate for v in named.iterations[-1].verdicts if v.action == "refused"]


def test_a_date_is_checked_against_the_superlative_of_its_own_sentence() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_date_extreme

    lots = pd.DataFrame({"data": ["27/05/2024", "05/06/2024", "12/06/2024", "14/08/2024"], "arrobas": [184, 415, 416, 90]})
    listed = "L24-027 (05/06/2024): 415; L24-044 (12/06/2024): 416. O maior foi o L24-044."
    assert wrong_date_extreme(listed, [lots]) is None
    assert wrong_date_extreme("A tirada mais recente foi a 05/06/2024.", [lots]) is not None
    assert wrong_date_extreme("The earliest harvest was on 05/06/2024. The latest was 12/06/2024.", [lots])
    assert wrong_date_extreme("The most recent harvest (no. 3) was on 05/06/2024.", [lots]) is not None
    assert wrong_date_extreme("Latest harvest:\n05/06/2024", [lots]) is not None


def test_a_one_hour_range_between_two_hours_names_the_first_hour_once() -> None:
    from rlm_jupyter.engine.trust.claims import mentions

    assert [m.label for m in mentions("Between 07:00 and 08:00: 222 lots.", ["07", "08"])] == ["07"]
    assert [m.label for m in mentions("07 sold 222 and 08 sold 133.", ["07", "08"])] == ["07", "08"]


def test_a_category_repeated_down_a_look_at_the_records_has_no_figure_of_its_own() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    feeds = pd.DataFrame({"animal": ["Kito", "Kito", "Zuri"], "item": ["acacia browse"] * 3, "kg": [31.5, 31.8, 32.1]})
    evidence = evidence_of("print(feeds.head(3))\nprint(round(feeds.kg.sum(), 2))", feeds=feeds)
    assert wrong_pair("They ate 95.4 kg of acacia browse.", "How much did they eat?", evidence) is None
    per_item = feeds.assign(item=["acacia browse", "hay", "carrots"]).set_index("item").kg
    one_row = evidence_of("print(per_item)\nprint(round(per_item.sum(), 2))", per_item=per_item)
    assert wrong_pair("They ate 95.4 kg of hay.", "How much hay did they eat?", one_row) is not None


def test_a_date_named_with_a_superlative_may_be_the_day_of_an_extreme() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_date_extreme

    levels = pd.DataFrame({"Datum": ["01.01.2024", "27.04.2024", "28.04.2024", "24.09.2024"],
                           "Seepegel_m": [1877.97, 1869.97, 1870.5, 1908.31]})
    fair = "From 1869.97 m (lowest, on 27.04.2024) to 1908.31 m (highest, on 24.09.2024)."
    assert wrong_date_extreme(fair, [levels]) is None
    assert wrong_date_extreme("The lowest level was on 28.04.2024.", [levels]) is not None


def test_an_amount_may_be_a_figure_printed_in_its_currencys_hundredths() -> None:
    stems = "print(sg.prijs_ct.min(), sg.prijs_ct.max())"
    cents = pd.DataFrame({"prijs_ct": [17, 25, 39]})
    assert trace("17 to 39 cents a stem (€0.17 to €0.39).", evidence_of(stems, sg=cents), typed="...").grounded
    plain = evidence_of("print(sg.price.min(), sg.price.max())", sg=cents.rename(columns={"prijs_ct": "price"}))
    assert not trace("From €0.17 to €0.39 a stem.", plain, typed="...").grounded  # no word says hundredths


def test_the_number_of_a_name_written_with_a_space_is_part_of_a_printed_label() -> None:
    assert traced("1. NGC 891: 69.3 h", "NGC_891     69.3\nM33         34.5").grounded
    assert not traced("1. NGC 892: 69.3 h", "NGC_891     69.3\nM33         34.5").grounded


def test_an_id_with_slashes_is_one_code_and_a_fiscal_year_one_year() -> None:
    assert [(v.text, v.kind) for v in values("KSE/24-25/0205, shipped 10/12/2024")] == [
        ("KSE/24-25/0205", "token"), ("10/12/2024", "date")]
    assert traced("KSE/24-25/0205 was the largest.", "invoice  KSE/24-25/0205").grounded
    assert [v.text for v in values("invoiced in FY 2024-25, April to March")] == ["2024"]
    assert [v.kind for v in values("sales of 2011-12")] == ["date"]  # December 2011


def test_written_arithmetic_with_brackets_is_evaluated_as_written() -> None:
    printed_totals = "14563810\n21704220\n29114290"
    fair = "¥21,794,107 each on average: (¥29,114,290 + ¥21,704,220 + ¥14,563,810) / 3."
    assert traced(fair, printed_totals).grounded
    assert not traced(fair.replace("21,794,107", "21,849,107"), printed_totals).grounded


def test_a_percent_taken_off_a_stated_figure_is_derived() -> None:
    assert traced("EUR 378 each: EUR 420 less the 10% sibling discount.", "| Dinghy | 420 |", "10% off").grounded
    assert not traced("EUR 380 each: EUR 420 less the 10% sibling discount.", "| Dinghy | 420 |", "10% off").grounded


def test_the_base_year_of_a_change_names_no_column_and_a_range_of_figures_no_row() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    by_year = pd.DataFrame({2023: [51844.9, 82457.52], 2024: [64691.34, 83744.01], "var_pct": [24.8, 1.6]},
                           index=pd.Index(["Energia", "Limpeza"], name="categoria"))
    evidence = evidence_of("print(by_year)", by_year=by_year)
    assert wrong_pair("A Energia, com alta de 24,8% em relação a 2023.", "Qual subiu mais?", evidence) is None
    assert wrong_pair("A Energia custou 24,8 em 2023.", "Quanto custou a Energia?", evidence) is not None
    monthly = pd.Series([37.2, 35.3, 38.6, 41.4, 66.2], index=pd.Index(
        ["January", "February", "March", "April", "May"], name="day"), name="gwh")
    months = evidence_of("print(monthly)", monthly=monthly)
    assert wrong_pair("35.3–41.4 GWh a month from January to April.", "How is it spread?", months) is None
    assert wrong_pair("41.4 GWh in January.", "How is it spread?", months) is not None


def test_a_change_between_two_rows_is_read_in_its_own_clause() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_direction

    monthly = pd.Series([37.2, 41.4, 90.0, 42.7], index=pd.Index(["January", "April", "June", "August"]), name="gwh")
    evidence = evidence_of("print(monthly)", monthly=monthly)
    assert wrong_direction("Output climbs from January to April; it falls back in August.", evidence) is None
    assert wrong_direction("Output falls from January to April.", evidence) is not None


def test_a_unit_converted_by_a_pandas_method_or_named_by_a_symbol_only_is_read() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_unit

    daily = pd.DataFrame({"mwh": [41400.0, 35300.0]}, index=pd.Index(["April", "May"], name="month"))
    converted = evidence_of("print(daily.mwh.div(1000))", daily=daily)
    assert wrong_unit("41.4 GWh in April.", converted) is None
    kept = evidence_of("print(daily.mwh)", daily=daily)
    claim = wrong_unit("41400 GWh in April.", kept)  # printed in MWh, whose CLDR words are all symbols
    assert claim is not None and claim.values["printed_in"] == "MWh"


WEIGHED = pd.DataFrame({"nr": [1, 2, 3, 3], "kg": [10.0, 12.0, 30.0, 13.0]})  # animal 3 weighed again, corrected
REAL = "real = context[context.path != '/healthz']\n"


@pytest.mark.parametrize("blocks, frame, question, answer, refused", [
    # a result over a constant (another unit) is the reduction it scales: the mean over fewer rows, in seconds too
    (["print(round(context.ms.mean() / 1000, 4))", REAL + "print(round(real.ms.mean() / 1000, 4))"], LOG,
     "What is the mean time?", "0.0071 s", True),
    (["print(round(context.ms.mean() / 1000, 4))", REAL + "print(round(real.ms.mean() / 1000, 4))"], LOG,
     "What is the mean time?", "0.0125 s", False),
    # a result held by a name bound to a function's call of the data (``pd.to_numeric``) is read through it
    (["import pandas as pd\nnaive = pd.to_numeric(context.ms, errors='coerce').mean()\nprint(naive)",
      REAL + "print(real.ms.mean())"], LOG, "What is the mean time?", "7.14 ms", True),
    # a method that keeps some rows is a filter added; one that only reorders them is none
    (["print(context.kg.sum())", "print(context.drop_duplicates('nr', keep='last').sort_values('nr').kg.sum())"],
     WEIGHED, "What is the total weight?", "65 kg", True),
    (["print(context.kg.sum())", "print(context.drop_duplicates('nr', keep='last').sort_values('nr').kg.sum())"],
     WEIGHED, "What is the total weight?", "35 kg", False),
    (["print(context.kg.sum())", "print(context.sort_values('nr').reset_index(drop=True).kg.sum())"],
     WEIGHED, "What is the total weight?", "65 kg", False),
    # a duplicate check keeps the first row of a key: no correction
    (["print(context.kg.sum())", "print(context.drop_duplicates('nr').kg.sum())"],
     WEIGHED, "What is the total weight?", "65 kg", False),
    # a question whose form does not ask for one figure: the answer's figure may be one of several asked for
    (["print(context.kg.sum())", "print(context[context.nr < 3].kg.sum())"], WEIGHED, "Какова общая масса?",
     "65 кг", False),
    # ``query`` filters as a subscript does
    (["print(context.kg.sum())", "print(context.query('nr < 3').kg.sum())"], WEIGHED, "What is the total weight?",
     "65 kg", True),
])
def test_a_revision_is_read_through_units_functions_and_row_keeping_methods(
        engine: Engine, blocks: list[str], frame: pd.DataFrame, question: str, answer: str, refused: bool) -> None:
    run = engine.run([fence(b) for b in blocks] + [f"FINAL({answer})"], frame.copy(), question=question,
                     max_iterations=len(blocks) + 1)
    gates = [v.gate for v in run.iterations[-1].verdicts if v.action == "refused"]
    assert gates == (["stale-figure"] if refused else []), run.iterations[-1].verdicts


def test_a_figure_of_a_column_parsed_again_another_way_is_stale(engine: Engine) -> None:
    output = pd.DataFrame({"machine": ["G2", "G2", "G1"], "mwh": ["1'234.5", "502.5", "448.4"]})
    blocks = ["import pandas as pd\ng2 = context[context.machine == 'G2']\n"
              "naive = pd.to_numeric(g2.mwh, errors='coerce')\nprint(naive.sum(), naive.isna().sum())",
              "ok = g2.mwh.str.replace(\"'\", '', regex=False).astype(float)\nprint(ok.sum())"]
    question = "What is the total output of G2?"
    for answer, refused in (("502.5 MWh", True), ("1,737.0 MWh", False)):
        run = engine.run([fence(b) for b in blocks] + [f"FINAL({answer})"], output.copy(), question=question,
                         max_iterations=3)
        gates = [v.gate for v in run.iterations[-1].verdicts if v.action == "refused"]
        assert gates == (["stale-figure"] if refused else []), run.iterations[-1].verdicts


def test_a_listing_of_every_label_is_no_selection_of_one() -> None:
    from rlm_jupyter.engine.trust.acceptance import _lists_labels

    per_shop = pd.Series([36627630, 29114290, 21704220], index=pd.Index(["新宿", "渋谷", "池袋"], name="shop"))
    found = tables(printed("print(per_shop)", per_shop=per_shop))
    assert _lists_labels("['新宿', '渋谷', '池袋']", found)
    assert not _lists_labels("渋谷 29114290", found) and not _lists_labels("新宿 渋谷", found)


def test_a_figures_unit_is_read_from_its_table_columns_name() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_unit

    hydro = pd.DataFrame({"Datum": ["01.01.2024", "02.01.2024"], "Produktion_MWh": [502.5, 448.4]})
    evidence = evidence_of("print(hydro.head())", hydro=hydro)
    assert wrong_unit("Roughly 450 GWh a year.", evidence) is not None
    assert wrong_unit("Roughly 450 MWh on the second day.", evidence) is None


def test_a_plural_names_the_part_its_singular_is_in_the_data() -> None:
    from rlm_jupyter.engine.trust.parts import parts_named

    feeds = pd.DataFrame({"species": ["lion", "lion", "zebra", "giraffe"], "kg": [8.0, 7.5, 12.0, 30.0]})
    (part,) = parts_named(["lions"], [feeds])
    assert (part.word, part.column) == ("lion", "species")
    assert parts_named(["bus"], [pd.DataFrame({"mode": ["bu", "tram"]})]) == []  # a short word is left as it is


def test_the_tables_of_a_dict_of_frames_name_the_questions_part(engine: Engine) -> None:
    auction = {"kavels": pd.DataFrame({"klok": ["A1", "A2", "A1", "A3"], "stelen": [1000, 800, 1200, 500]}),
               "kwekers": pd.DataFrame({"kweker": ["K101"], "plaats": ["Lisse"]})}
    code = [fence("print(auction['kavels'].head(2))"), fence("print(auction['kavels'].stelen.sum())")]
    run = engine.run([*code, "FINAL(Clock A1 sold 3,500 stems.)"], {"auction": auction},  # wrong-subset's own test
                     question="How many stems went through clock A1?", max_iterations=3,
                     acceptance="strict,-row-mismatch")
    assert [v.gate for v in run.iterations[-1].verdicts if v.action == "refused"] == ["wrong-subset"]


def test_a_change_between_two_named_years_goes_from_the_earlier_to_the_later() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_direction

    yearly = pd.Series([51844.90, 64691.34], index=pd.Index([2023, 2024], name="ano"), name="brl")
    evidence = evidence_of("print(yearly)", yearly=yearly)
    assert wrong_direction("Sim, a conta de energia caiu em 2024 em relação a 2023.", evidence) is not None
    assert wrong_direction("Não: a conta subiu em 2024 em relação a 2023.", evidence) is None


def test_an_amount_printed_only_in_a_measures_column_is_no_money() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_currency

    per_spice = pd.DataFrame({"net_kg": [165450, 38790], "inr": [27987064, 97230696]},
                             index=pd.Index(["turmeric", "cardamom"], name="spice"))
    evidence = evidence_of("print(per_spice)", per_spice=per_spice)
    claim = wrong_currency("Turmeric brought in ₹1,65,450.", evidence)
    assert claim is not None and claim.values["printed_in"] == "kilogram"
    assert wrong_currency("Turmeric brought in ₹2,79,87,064.", evidence) is None


def test_what_its_subject_did_asks_for_one_thing() -> None:
    from rlm_jupyter.engine.trust.forms import asks_what_done

    assert asks_what_done("What did G2 generate in 2024?") and asks_what_done("What does the plant produce?")
    assert not asks_what_done("What are the top five targets, and what did each cost?")  # two questions
    assert not asks_what_done("Which shop did best?")


@pytest.mark.parametrize("answer, question, refused", [
    ("About £10 a ticket.", "Roughly what does a ticket sell for, in whole pounds?", True),  # 10.685 is 11
    ("About £11 a ticket.", "Roughly what does a ticket sell for, in whole pounds?", False),
    ("Nearly £11 a ticket.", "Roughly what does a ticket sell for, in whole pounds?", False),  # a bound
    ("About £10 a ticket.", "What does a ticket sell for?", False),  # no rounding asked: the hedge's own precision
    ("Roughly €1.13 million.", "Roughly how much did we invoice?", False),  # a magnitude's precision
    ("About 31 kg.", "How heavy, to the nearest kilo?", False),  # a figure with no loose match is unseen-value's
])
def test_a_figure_rounded_another_way_than_the_question_asks_is_caught(answer: str, question: str,
                                                                        refused: bool) -> None:
    from rlm_jupyter.engine.trust.rounding import misrounded

    evidence = evidence_of("print(10.68519931998751)\nprint(1126191.39)")
    assert (misrounded(answer, question, evidence) is not None) == refused


def test_figures_joined_by_and_after_no_range_word_are_no_range_of_a_partial_table() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    temps = pd.Series([20.6, 21.6, 19.8, 22.4, 18.9, 20.1], index=pd.Index(list("ABCDEF"), name="city"), name="c")
    evidence = evidence_of("print(temps.head(2))", temps=temps)
    question = "How warm was it?"
    assert wrong_extreme("A and B averaged 20.6 and 21.6 degrees.", question, evidence, lambda _: False) is None
    assert wrong_extreme("It ranged between 20.6 and 21.6 degrees.", question, evidence, lambda _: False) is not None


def test_units_per_unit_are_no_codes_and_kr_names_no_one_crown() -> None:
    assert [v.kind for v in values("1240 m3/s and 120 kWh/m2")] == ["number", "number"]
    assert traced("The average speed was 42 km/h.", "Average speed: 42km/h").grounded
    assert values("1 250 kr.")[0].currency == ""  # Danish kr. is Swedish and Norwegian kr as well


def test_a_rate_or_a_word_before_the_measure_names_no_unit_of_a_column() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_currency

    prices = pd.DataFrame({"price_per_kg": [2.40, 3.10], "min_price": [7.25, 6.80]},
                          index=pd.Index(["apples", "pears"], name="fruit"))
    evidence = evidence_of("print(prices)", prices=prices)
    assert wrong_currency("Apples cost €2.40 per kg.", evidence) is None
    assert wrong_currency("Apples start at €7.25.", evidence) is None


def test_written_working_in_brackets_left_open_or_closed_before_is_read() -> None:
    assert traced("Total: 74 EUR (68 berth + 6 water).", "berth 68", "water 6").grounded
    assert traced("(EUR 68) + 6 = EUR 74", "berth 68", "water 6").grounded


def test_two_years_in_a_sentence_are_a_change_only_when_one_is_its_base() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_direction

    index = pd.Series([100.0, 130.0, 126.0], index=pd.Index([2019, 2023, 2024], name="year"), name="revenue")
    evidence = evidence_of("print(index)", index=index)
    assert wrong_direction("Revenue fell in 2024 to 126, still well above 2019.", evidence) is None
    assert wrong_direction("Revenue fell in 2024 compared with 2019.", evidence) is not None


@pytest.mark.parametrize("answer, question, printed_figure, refused", [
    ("About 3,400 visitors.", "How many visitors, to the nearest hundred?", "3412", False),
    ("About 3,000 visitors.", "How many visitors, to the nearest hundred?", "3412", True),
    ("About 12 kg.", "How heavy, to the nearest kilo?", "12.5", False),  # an exact half may go either way
    ("About 48 kg.", "How heavy, to the nearest kilo?", "48.34", False),
])
def test_the_question_sets_the_step_a_hedged_figure_is_rounded_to(answer: str, question: str, printed_figure: str,
                                                                   refused: bool) -> None:
    from rlm_jupyter.engine.trust.rounding import misrounded

    evidence = evidence_of(f"print({printed_figure})")
    assert (misrounded(answer, question, evidence) is not None) == refused


def test_another_measure_of_a_column_is_no_revision_of_it(engine: Engine) -> None:
    changes = pd.DataFrame({"change": [1.5, -2.0, 0.8, -1.1, 2.4]})
    blocks = ["print(round(context.change.abs().mean(), 2))", "print(round(context.change.mean(), 2))"]
    run = engine.run([fence(b) for b in blocks] + ["FINAL(1.56)"], changes, question="What is the mean absolute "
                     "change?", max_iterations=3)
    assert run.status == "final" and not [v for v in run.iterations[-1].verdicts if v.action == "refused"]


def test_misrounded_refuses_through_the_loop_and_names_its_gate(engine: Engine) -> None:
    tickets = pd.DataFrame({"price": [9.50, 11.20, 11.35]})
    blocks = [fence("print(context.price.mean())")]
    question = "Roughly what does a ticket sell for, in whole pounds?"
    run = engine.run([*blocks, "FINAL(About £10 a ticket.)"], tickets, question=question, max_iterations=2)
    assert [v.gate for v in run.iterations[-1].verdicts if v.action == "refused"] == ["misrounded"]
    kept = engine.run([*blocks, "FINAL(About £11 a ticket.)"], tickets, question=question, max_iterations=2)
    assert kept.status == "final"


# -- the ninth held-out set, read and tuned on (cases_tune10) -------------------------------------------------------
def test_continental_figures_printed_in_text_cells_are_read_whole() -> None:
    prices = "lote       fecha   precio_kg\nL-0046  21/01/2024  $ 1.532,05\nL-0410  28/06/2024  $ 2.127,13"
    assert traced("Entre $ 1.532,05 y $ 2.127,13 el kilo.", prices).grounded
    assert not traced("Entre $ 1.532,06 y $ 2.127,13 el kilo.", prices).grounded
    assert [v.kind for v in values("$ 9.470.373.517,24 y 192.168.1.1")] == ["number", "token"]


def test_a_difference_of_times_written_to_the_minute_is_known_to_the_minute() -> None:
    log = "Dec  4 10:12:40.118 ctl[L4]: out_of_service\nDec  4 13:47:02.530 ctl[L4]: back_in_service"
    assert traced("From 10:12 to 13:47, 3 h 34 min.", log).grounded
    assert not traced("From 10:12 to 13:47, 3 h 20 min.", log).grounded


def test_a_labelled_result_of_the_last_block_is_an_operand_before_a_tables_cells() -> None:
    hours = "\n".join(f"{h:<6}{n}" for h, n in enumerate([11, 8, 7, 7, 10, 21, 73, 320, 695, 386, 243, 290, 451]))
    assert traced("695 trips in that hour, 3.8 times an average hour.", hours + "\nmean per hour: 185.2").grounded
    assert not traced("695 trips in that hour, 4.4 times an average hour.", hours + "\nmean per hour: 185.2").grounded


def test_a_months_name_finds_a_table_grouped_by_a_key_called_month() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    long = pd.DataFrame({"month": ["2023-01", "2024-01", "2023-02", "2023-03", "2023-07"],
                         "pm10": [45.2, 45.2, 43.4, 38.3, 15.3]})
    evidence = evidence_of("print(long.groupby(long.month.str[5:]).pm10.mean())", long=long)
    assert wrong_extreme("Highest in winter (45.2 in January).", "q", evidence, lambda _: False) is None
    assert wrong_extreme("Highest in summer (15.3 in July).", "q", evidence, lambda _: False) is not None


def test_a_label_over_several_rows_is_ranked_where_it_is_one_row() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    wide = pd.DataFrame({"station": ["Nowa Huta", "Nowa Huta", "Dietla"], "pollutant": ["PM10", "NO2", "NO2"],
                         "2023-01": [58.8, 28.4, 44.3]})
    mean = pd.Series([21.0, 43.2], index=pd.Index(["Nowa Huta", "Dietla"], name="station"), name="no2")
    evidence = evidence_of("print(wide)\nprint(mean.sort_values())", wide=wide, mean=mean)
    question = "Which station had the highest NO2?"
    assert wrong_extreme("Nowa Huta, at 21.0.", question, evidence, lambda _: False) is not None
    assert wrong_extreme("Dietla, at 43.2.", question, evidence, lambda _: False) is None


def test_a_record_printed_with_its_label_pairs_them_whatever_another_table_shows() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    wide = pd.DataFrame({"station": ["Nowa Huta", "Dietla"], "2023-01": [58.8, 44.3]})
    record = pd.Series({"station": "Nowa Huta", "month": "2024-02", "ugm3": 44.3}, name=187)
    paired = evidence_of("print(wide)\nprint(record)", wide=wide, record=record)
    assert wrong_pair("The highest was Nowa Huta in 2024-02, at 44.3.", "q", paired) is None
    assert wrong_pair("The highest was Nowa Huta in 2024-02, at 44.3.", "q",
                      evidence_of("print(wide)", wide=wide)) is not None


@pytest.mark.parametrize("answer, refused", [
    ("Mackerel surged, 19,638 → 36,678 kg, while squid collapsed from 16,336 to 6,664 kg.", False),
    ("Mackerel surged, 19,638 → 36,678 kg, while squid climbed from 16,336 to 6,664 kg.", True),
])
def test_two_trends_set_against_each_other_are_each_judged_on_their_own(answer: str, refused: bool) -> None:
    from rlm_jupyter.engine.trust.claims import wrong_direction, wrong_trend

    mix = pd.DataFrame({"mackerel": [19638.0, 26049.0, 36678.0], "squid": [16336.0, 12909.0, 6664.0]},
                       index=pd.Index(["2024-03", "2024-04", "2024-05"], name="month"))
    evidence = evidence_of("print(mix)", mix=mix)
    assert ((wrong_trend(answer, evidence) or wrong_direction(answer, evidence)) is not None) == refused


def test_the_biggest_drop_is_the_most_negative_change_and_a_range_is_no_ones_figure() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme, wrong_pair

    change = pd.DataFrame({"2023": [23.4, 22.1, 18.1], "2024": [20.4, 17.7, 14.9], "change_pct": [-12.8, -19.9, -17.7]},
                          index=pd.Index(["Nowa Huta", "Dietla", "Bronowice"], name="station"))
    evidence = evidence_of("print(change)", change=change)
    answer = ("The biggest drop was at Dietla (-19.9%, 22.1 → 17.7), the smallest at Nowa Huta (-12.8%); "
              "Bronowice fell by between 17.7 and 18.6%.")
    assert wrong_extreme(answer, "q", evidence, lambda _: False) is None
    assert wrong_pair(answer, "q", evidence) is None
    changes_only = evidence_of("print(change[['change_pct']])", change=change)
    assert wrong_extreme("The biggest drop was at Nowa Huta (-12.8%).", "q", changes_only, lambda _: False) is not None
    # words between the superlative and the fall ("the biggest one-day fall"): the three smallest changes printed
    # by nsmallest are the top of the falls, and the first is the biggest
    falls = pd.Series([-259279.0, -234587.0, -221667.0], name="Balance",
                      index=pd.Index(["2024-03-09", "2024-05-18", "2024-05-11"], name="day"))
    top = evidence_of("print(falls.nsmallest(3))", falls=pd.concat([falls, pd.Series([5.0] * 9)]))
    asked = "What was the biggest one-day fall in the till's balance?"
    assert wrong_extreme("2024-03-09 (-259,279).", asked, top, lambda _: False) is None
    assert wrong_extreme("2024-05-11 (-221,667).", asked, top, lambda _: False) is not None
    # (a review's inputs) a rise, or a word that starts another phrase, between them sizes no fall
    towns = evidence_of("print(change)", change=pd.DataFrame({"change_pct": [12.4, 3.1, -4.0, -8.2]}, index=pd.Index(
        ["Lyon", "Paris", "Nice", "Lille"], name="town")))
    for answer in ("Lyon saw the biggest rebound after falling sales (+12.4%).",
                   "Lyon posted the highest growth despite lower footfall (+12.4%).",
                   "Lyon had the highest increase in fall (+12.4%)."):
        assert wrong_extreme(answer, "q", towns, lambda _: False) is None, answer


def test_labels_and_superlatives_of_korean_japanese_and_chinese_are_read() -> None:
    from rlm_jupyter.engine.trust import forms
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    assert [s.direction for s in forms.superlatives("가장 많은 / 最も高い / 最少 / 最近")] == ["high", "high", "low"]
    boats = pd.Series([462025100, 338114600], index=pd.Index(["해성호", "대양호"], name="선박"), name="낙찰가_원")
    evidence = evidence_of("print(boats)", boats=boats)
    question = "어느 배가 가장 많은 낙찰 금액을 올렸나요?"
    assert wrong_extreme("대양호가 338,114,600원으로 가장 많았습니다.", question, evidence, lambda _: False) is not None
    assert wrong_extreme("해성호가 462,025,100원으로 가장 많았습니다.", question, evidence, lambda _: False) is None


@pytest.mark.parametrize("answer, refused", [
    ("The median trip takes 18.65 seconds.", True),
    ("The median trip takes 17.30 seconds.", False),
    ("Around 17.30 s: that is the median of the 4445 trips.", False),  # a count of rows is context
])
def test_a_figure_given_as_one_statistic_must_be_that_statistics(answer: str, refused: bool) -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    secs = pd.Series([4445.0, 18.65, 8.17, 17.30], index=["count", "mean", "std", "50%"], name="secs")
    evidence = evidence_of("print(secs)", secs=secs)
    assert (wrong_pair(answer, "q", evidence) is not None) == refused


def test_a_unit_is_read_from_column_names_in_any_script_and_names_its_column() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair, wrong_unit

    fish = pd.DataFrame({"상자": [2910, 8242], "중량_kg": [29063.4, 82365.1]}, index=pd.Index(["갈치", "고등어"], name="어종"))
    total = evidence_of("print(round(fish['중량_kg'].iloc[0], 1))", fish=fish)
    assert wrong_unit("29,063.4 tonnes of hairtail.", total) is not None
    assert wrong_unit("29,063.4 kg of hairtail.", total) is None
    table = evidence_of("print(fish)", fish=fish)
    assert wrong_pair("2,910 kg of hairtail (갈치).", "q", table) is not None
    assert wrong_pair("29,063.4 kg of hairtail (갈치).", "q", table) is None


def test_questions_in_romance_languages_ask_for_one_figure_with_their_copula() -> None:
    from rlm_jupyter.engine.trust import forms

    assert forms.asks_for_one("¿Cuál fue el precio medio del ternero?") == "one figure"
    assert forms.asks_for_one("Qual foi o total?") == "one figure"
    assert forms.asks_for_one("¿Cuáles fueron los lotes?") is None


def test_a_weekday_number_against_saturdays_names_weekend_and_weekday_rows() -> None:
    from rlm_jupyter.engine.trust.booleans import boolean_names

    assert boolean_names("e.groupby(e.date.dt.day_of_week >= 5).size()") == {"true": "weekend", "false": "weekday"}
    assert boolean_names("e.groupby(e.date.dt.dayofweek < 5).size()") == {"true": "weekday", "false": "weekend"}
    assert boolean_names("e.groupby(e.price >= 5).size()") == {}


def test_nothing_found_is_searched_in_the_other_tables_and_in_cldr_dates(engine: Engine) -> None:
    garage = {"jobs": pd.DataFrame({"job": ["W1", "W2"], "type": ["service", "brakes"]}),
              "parts": pd.DataFrame({"job": ["W1", "W2"], "part": ["oil filter", "water pump"]})}
    blocks = [fence("print(garage['jobs'].head())\nprint(len(garage['jobs'][garage['jobs'].type == 'water pump']))")]
    run = engine.run([*blocks, "FINAL(No water pumps were fitted.)"], {"garage": garage}, max_iterations=2)
    assert run.iterations[1].verdicts[0].values["other_column"] == "part"
    kept = engine.run([*blocks[:0], fence("print(garage['jobs'][garage['jobs'].type == 'tyres'])"),
                       "FINAL(No tyre jobs.)"], {"garage": garage}, max_iterations=2)
    assert kept.status == "final"
    auction = pd.DataFrame({"경매일": ["2024. 4. 1.", "2024. 4. 2."], "어종": ["고등어", "갈치"], "원": [100, 200]})
    dated = engine.run([fence("print(auction.head())\nprint(len(auction[auction['경매일'] == '2024-04-01']))"),
                        "FINAL(4월 1일에는 고등어 낙찰 기록이 없습니다 (0원).)"], {"auction": auction}, max_iterations=2)
    assert [v.values.get("data_has") for v in dated.iterations[1].verdicts] == ["2024. 4. 1."], \
        dated.iterations[1].verdicts


# -- formats of other scripts and calendars -------------------------------------------------------------------------
@pytest.mark.parametrize("text, expected", [
    ("بلغ ١٩٤ صهريجا", 194.0),  # Arabic-Indic digits
    ("نسبة ١٢٫٥٪", 12.5),  # with the Arabic decimal separator and percent sign
    ("٣٥ ألف دينار", 35000.0),  # and CLDR's Arabic thousand
    ("ยอดขาย 1.2 ล้าน บาท", 1_200_000.0),  # Thai million
    ("12 тис. грн", 12000.0),  # Ukrainian thousand
    ("сумма 12 345 ₽", 12345.0),  # a plain space groups digits before a currency
    ("売上は１２３４円", 1234.0),  # full-width digits
    ("ขาย ๑๒๓ ชิ้น", 123.0),  # Thai digits
])
def test_numbers_in_other_scripts_and_groupings_are_read(text: str, expected: float) -> None:
    assert float(values(text)[0].readings[0].value) == expected


def test_a_plain_space_before_a_word_still_parts_two_numbers() -> None:
    assert [v.text for v in values("in 2023 300 orders")] == ["2023", "300"]


@pytest.mark.parametrize("answer, output, grounded", [
    ("It finished at 21:12.", "5/14/2024 9:12:03 PM job done", True),
    ("It finished at 9:12 PM.", "2024-05-14 21:12:03 job done", True),
    ("It finished at 9:12.", "5/14/2024 9:12:03 PM job done", False),  # 9:12 in the morning
    ("Best night: 5 March 2024.", "night  05/03/2567   12,450", True),  # the Buddhist era's 2567 is 2024
    ("Best day: 5 March 2024.", "日期        销售额\n20240305   12450\n20240306   9800", True),  # eight digits
    ("Average output 1 234,5 Gcal.", "котельная     выработка\nКотельная-1   1 234,5", True),
    ("Average output 1 234,6 Gcal.", "котельная     выработка\nКотельная-1   1 234,5", False),
])
def test_clocks_of_half_days_other_eras_and_grouped_cells_are_matched(answer: str, output: str,
                                                                       grounded: bool) -> None:
    sources = traced(answer, output).sources
    assert all(s.kind != "nowhere" for s in sources) == grounded, sources


def test_a_figure_beside_another_date_than_the_answers_is_another_periods() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    wide = pd.DataFrame({"station": ["Nowa Huta", "Dietla"], "2023-01": [58.8, 51.3], "2024-01": [44.1, 40.2]})
    evidence = evidence_of("print(wide)", wide=wide)
    assert wrong_pair("January 2024, at 58.8 µg/m³.", "q", evidence) is not None
    assert wrong_pair("January 2023, at 58.8 µg/m³.", "q", evidence) is None
    # a date farther off, past another figure, is not the figure's
    assert wrong_pair("From 44.1 in January 2024 back up to 58.8 later.", "q", evidence) is None


def test_a_label_inside_the_superlatives_words_names_the_measure_not_the_choice() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    events = pd.Series([4445, 46], index=pd.Index(["trip", "door_fault"], name="event"), name="count")
    lifts = pd.Series([773, 748], index=pd.Index(["L6", "L2"], name="lift"), name="count")
    evidence = evidence_of("print(events)\nprint(lifts)", events=events, lifts=lifts)
    question = "Which lift made the most trips?"
    assert wrong_extreme("L7 made the most trips: 773.", question, evidence, lambda _: False) is not None
    assert wrong_extreme("L6 made the most trips: 773.", question, evidence, lambda _: False) is None


def test_a_price_per_unit_named_by_its_currencys_word_is_money() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_currency

    per_kg = pd.Series([3340.0, 4883.0, 7749.0], index=["min", "25%", "50%"], name="won_kg")
    evidence = evidence_of("print(per_kg)", per_kg=per_kg)
    assert wrong_currency("The median lot went at ₩7,749 a kilo.", evidence) is None
    net = pd.Series([3340.0, 4883.0], index=["A", "B"], name="net_kg")
    assert wrong_currency("A sold ₩3,340.", evidence_of("print(net)", net=net)) is not None


@pytest.mark.parametrize("answer, output, grounded", [
    ("The set ran from 23:30 to 01:15, 1 h 45 min.", "stage A  23:30  01:15", True),  # past midnight
    ("The set ran from 23:30 to 01:15, 2 h 45 min.", "stage A  23:30  01:15", False),
    ("Total printing time 2 h 15 min.", "total    0 days 02:15:30", True),  # a Timedelta, to the answer's precision
    ("Total printing time 135 minutes.", "total    0 days 02:15:30", True),
    ("Total printing time 3 hours.", "total    0 days 02:15:30", False),
    ("All jobs took 27:45:10 of printing.", "total   1 days 03:45:10", True),  # h:mm:ss past a day
    ("All jobs took 27:15:10 of printing.", "total   1 days 03:45:10", False),
])
def test_durations_past_midnight_and_printed_timedeltas_are_read(answer: str, output: str, grounded: bool) -> None:
    assert traced(answer, output).grounded == grounded


def test_a_table_of_timedeltas_is_read_in_seconds_and_sex_codes_are_named() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    median = pd.Series(pd.to_timedelta(["04:09:43.5", "04:29:09"]), index=pd.Index(["M", "W"], name="sex"),
                       name="finish_td")
    evidence = evidence_of("print(median)", median=median)
    assert [row.figure("finish_td") for row in evidence.tables[0].rows] == [Decimal("14983.5"), Decimal("16149")]
    assert wrong_pair("The women: 4:09:43, against 4:29:09 for the men.", "q", evidence) is not None
    assert wrong_pair("The men: 4:09:43, against 4:29:09 for the women.", "q", evidence) is None


@pytest.mark.parametrize("question, asked", [
    ("Which pipe material loses the most water per leak?", "one choice"),  # a rate, no grouping
    ("Which region sold the most, per month?", None),
    ("一番売れた店舗はどこですか？", "one choice"),  # a which-word of Japanese and a superlative
    ("哪个城市销量最高？", "one choice"),
    ("店舗ごとの売上は？", None),
])
def test_a_rate_after_a_superlative_and_cjk_which_words_ask_for_one_choice(question: str, asked: str | None) -> None:
    from rlm_jupyter.engine.trust import forms

    assert forms.asks_for_one(question) == asked


@pytest.mark.parametrize("code, refused", [
    ("print(round(context.honey_kg.sum(), 1))", True),  # every month's honey, stated as June's
    ("print(round(context[context.date.dt.month == 6].honey_kg.sum(), 1))", False),
    ("print(round(context[context.date.dt.month_name() == 'June'].honey_kg.sum(), 1))", False),
    ("print(context.groupby(context.date.dt.to_period('M')).honey_kg.sum().round(1))", False),  # June's row
])
def test_a_figure_for_a_month_the_question_names_must_be_that_months(engine: Engine, code: str,
                                                                       refused: bool) -> None:
    hives = pd.DataFrame({"date": pd.to_datetime(["2024-05-10", "2024-06-12", "2024-06-20", "2024-07-02"]),
                          "honey_kg": [10.0, 20.5, 30.0, 40.25]})
    figure = "50.5" if not refused else "100.8"
    run = engine.run([fence(code), f"FINAL(The June harvest brought {figure} kg of honey.)"], hives,
                     question="How much honey did the June harvest bring?", max_iterations=2)
    gates = [v.gate for v in run.iterations[1].verdicts if v.action == "refused"]
    assert gates == (["wrong-subset"] if refused else []), run.iterations[1].verdicts


def test_rows_dated_in_a_text_cell_with_their_time_of_day_are_in_time_order() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_trend

    readings = pd.DataFrame({"ts": pd.to_datetime(["2024-03-07 06:00", "2024-03-07 18:00", "2024-03-08 06:00",
                                                   "2024-03-08 18:00"]), "sg": [1.070, 1.057, 1.048, 1.041]},
                            index=[12, 15, 18, 22])
    evidence = evidence_of("print(readings)", readings=readings)
    assert wrong_trend("The gravity climbed steadily.", evidence) is not None
    assert wrong_trend("The gravity fell steadily.", evidence) is None


# -- what a review of this stop's rules found they refused or misread, each now a case either way --------------
def test_the_reviews_cases_of_rounding_months_cjk_falls_and_contrasts() -> None:
    from rlm_jupyter.engine.trust import forms
    from rlm_jupyter.engine.trust.claims import wrong_extreme, wrong_trend
    from rlm_jupyter.engine.trust.rounding import misrounded

    sites = "site\nLyon     412.3\nNice     233.1\nParis    180.0"
    assert misrounded("Lyon made about 179 kg more than Nice (412.3 vs 233.1 kg).",
                      "To the nearest kilo, how much more honey did Lyon make than Nice?",
                      evidence_of(f"print('''{sites}''')")) is None  # derived, no other figure rounded
    stores = pd.DataFrame({"month": ["March"] * 3, "store": [1, 2, 3], "sales": [310, 420, 280]})
    by_store = evidence_of("m = s[s.month == 'March']\nprint(m.groupby('store').sales.sum())", s=stores)
    assert wrong_extreme("Store 3 had the lowest March sales, 280.", "Which store had the lowest sales in March?",
                         by_store, lambda _: False) is None  # store numbers are no months
    cities = pd.Series([820, 540], index=pd.Index(["上海", "北京"], name="城市"), name="销售额")
    assert wrong_extreme("上海的销售额最高，为820。最后，北京为540。", "哪个城市的销售额最高？",
                         evidence_of("print(cities)", cities=cities), lambda _: False) is None  # 最后: "finally"
    shops = evidence_of("print(s)", s=pd.Series([820, 540], index=pd.Index(["S1", "S2"], name="store")))
    assert wrong_extreme("S1이 820으로 가장 높았습니다.", "어느 매장의 매출이 가장 높았나요?", shops, lambda _: False) is None
    assert wrong_extreme("S2이 540으로 가장 높았습니다.", "어느 매장의 매출이 가장 높았나요?", shops, lambda _: False)
    change = pd.DataFrame({"change": [-22.4, 8.1, -3.5]}, index=pd.Index(["Dietla", "Kurdwanow", "Bujaka"]))
    assert wrong_extreme("Dietla had the biggest drop (-22.4), while Kurdwanow had the largest increase (+8.1).",
                         "q", evidence_of("print(change)", change=change), lambda _: False) is None
    sales = pd.DataFrame({"sales": [100, 120, 150]}, index=pd.Index(["2024-01", "2024-02", "2024-03"], name="month"))
    assert wrong_trend("Sales rose from January to March, while costs fell.", evidence_of("print(m)", m=sales)) is None
    assert wrong_trend("Costs were flat, while sales fell steadily.", evidence_of("print(m)", m=sales)) is not None
    assert forms.asks_for_one("哪些城市的销售额最高？") is None  # which ones
    assert [s.direction for s in forms.superlatives("가장 적극적인 고객")] == [None]  # "most active", not "fewest"


def test_the_reviews_cases_of_months_lookups_csv_clocks_weeks_and_groupings(engine: Engine) -> None:
    from rlm_jupyter.engine.trust import subsets
    from rlm_jupyter.engine.trust.claims import wrong_pair

    hives = pd.DataFrame({"date": pd.to_datetime(["2024-04-02", "2024-05-02", "2024-06-03"]),
                          "honey_kg": [40.25, 12.0, 13.0]})
    question = "How much honey was harvested before June?"
    before = evidence_of("print(hives[hives.date <= '2024-05-31'].honey_kg.sum())", question=question, hives=hives)
    assert subsets.unscoped("Before June: 52.25 kg.", question, before, [hives]) is None  # a bound, no part
    assert subsets._month("How many Mars bars were sold?", [hives]) is None
    data = {"tickets": pd.DataFrame({"status": ["open", "closed"]}),
            "codes": pd.DataFrame({"status": ["open", "closed", "escalated"]})}
    run = engine.run([fence("t = data['tickets']\nprint(t.head())\nprint((t.status == 'escalated').sum())"),
                      "FINAL(No tickets are escalated.)"], {"data": data}, max_iterations=2)
    assert run.status == "final" and len(run.iterations) == 2  # a lookup table lists every status, used or not
    assert traced("The top share was 0.125.", "share,count\n0.125,12\n0.100,7").grounded  # a CSV line
    assert traced("The first order came at 7:05 AM.", "first = 7:05").grounded
    assert traced("Der Höchstwert wurde um 12:15 am Freitag gemessen.", "2024-03-08 12:15:00    88.1").grounded
    assert not traced("The shift ran from 07:53 to 10:40, i.e. 21 h 13 min.", "start 07:53\nend 10:40").grounded
    assert traced("All 3 500 ml bottles sold out.", "bottles_500ml    3").grounded  # a count and a size
    assert [v.kind for v in values("1.200.100.250 €")] == ["number"]
    weekly = pd.Series([41.2, 58.8], index=pd.to_datetime(["2024-03-03", "2024-03-10"]), name="orders")
    assert wrong_pair("The busiest week began 4 March 2024, with 58.8 orders a day.", "Which week was busiest?",
                      evidence_of("print(w)", w=weekly)) is None  # a week labelled by its last day


def test_a_rounded_figure_matched_only_by_a_preview_is_judged_against_the_result(engine: Engine) -> None:
    loads = pd.DataFrame({"kg": [48.8, 61.0, 35.23] * 4})  # the description's preview shows 48.8
    question = "How heavy is an average load, to the nearest kilo?"
    mean = fence("print(context.kg.mean())")  # 48.3433...
    run = engine.run([mean, "FINAL(About 49 kg per load.)"], loads, question=question, max_iterations=2)
    assert [v.gate for v in run.iterations[1].verdicts if v.action == "refused"] == ["misrounded"]
    kept = engine.run([mean, "FINAL(About 48 kg per load.)"], loads, question=question, max_iterations=2)
    assert kept.status == "final" and len(kept.iterations) == 2


# -- the tenth held-out set, read and tuned on (cases_tune11) -------------------------------------------------------
def test_a_search_that_could_not_match_is_refused_whatever_language_the_answer_is_in(engine: Engine) -> None:
    tea = pd.DataFrame({"日期": [20240307, 20240308, 20240308], "门店": ["西湖店", "滨江店", "西湖店"],
                        "茶品": ["龙井", "普洱", "龙井"], "金额": [10.0, 20.0, 30.0]})
    as_text = engine.run([fence("print(tea.head())\nprint(tea[tea['日期'] == '2024-03-08']['金额'].sum())"),
                          "FINAL(3月8日没有销售记录，营业额为 0 元。)"], {"tea": tea}, max_iterations=2)
    assert [v.values.get("data_has") for v in as_text.iterations[1].verdicts if v.action == "refused"] == ["20240308"]
    wrong_column = engine.run([fence("print(tea.head())\nprint(len(tea[tea['门店'] == '龙井']))"),
                               "FINAL(没有，滨江店从未卖出过龙井。)"], {"tea": tea}, max_iterations=2)
    assert [v.values.get("other_column") for v in wrong_column.iterations[1].verdicts
            if v.action == "refused"] == ["茶品"]
    found = engine.run([fence("print(tea.head())\nprint(len(tea[tea['茶品'] == '龙井']))"),
                        "FINAL(是的，卖过。)"], {"tea": tea}, max_iterations=2)  # the search matched: nothing to check
    assert found.status == "final" and len(found.iterations) == 2
    log = "\n".join(f"5/{d}/2024 9:{m:02d}:00 AM [p-{m % 3}] START job=J{d}{m}" for d in (13, 14) for m in range(30))
    us = engine.run([fence("print(log[:300])\nprint(len([l for l in log.splitlines() if l.startswith('2024-05-14')]))"),
                     "FINAL(No, no jobs were started on 14 May.)"], {"log": log}, max_iterations=2)
    assert [v.values.get("data_has") for v in us.iterations[1].verdicts if v.action == "refused"] == ["5/14/2024"]
    nights = pd.DataFrame({"night": ["N1", "N2"], "date_be": ["01/03/2567", "02/03/2567"]})
    era = engine.run([fence("print(nights.head())\nprint(nights[nights.date_be == '02/03/2024'])"),
                      "FINAL(No, there was no market night on 2 March 2024.)"], {"nights": nights}, max_iterations=2)
    assert [v.values.get("data_has") for v in era.iterations[1].verdicts if v.action == "refused"] == ["02/03/2567"]


@pytest.mark.parametrize("answer, output, grounded", [
    # a duration in parts is one figure: a printed Timedelta, an ISO 8601 duration, two stamps' difference
    ("It took 20 days, 14 hours and 11 minutes.", "20 days 14:11:17", True),
    ("It took 20 days, 14 hours and 12 minutes.", "20 days 14:11:17", False),
    ("It lasted 52 min 40 s.", "session  PT52M40S", True),
    ("0 h 23 min 34 s: started 5/6/2024 8:12:36 AM, failed 8:36:10 AM.",
     "5/6/2024 8:12:36 AM START\n5/6/2024 8:36:10 AM FAILED", True),
    ("0 h 25 min 34 s: started 5/6/2024 8:12:36 AM, failed 8:36:10 AM.",
     "5/6/2024 8:12:36 AM START\n5/6/2024 8:36:10 AM FAILED", False),
    ("20 days, 14 hours and 11 minutes: from 5/6/2024 7:31:07 AM to 5/26/2024 9:42:24 PM.",
     "5/6/2024 7:31:07 AM START\n5/26/2024 9:42:24 PM DONE", True),
    # thousands grouped by a space, where the whole was printed; parts of no printed whole stay unseen
    ("Октябрь (59 541 Гкал), февраль 81 832, ноябрь 81 925.", "10     59541.0\n2      81832.0\n11     81925.0", True),
    ("Октябрь (59 542 Гкал).", "10     59541.0", False),
    # a month in CJK signs is a month's name; a Buddhist-era year read off printed dates; ล้าน glued to บาท
    ("1 月至 6 月合计 1,803,914.1 元。", "1803914.1", True),
    ("January to April 2024 (Buddhist year 2567): 3,834,680 baht.", "N001  04/01/2567\n3834680", True),
    ("ประมาณ 3.83 ล้านบาท", "3834680", True),
    # the numbers of a series of names (a wide table's weeks); an id's number is no such figure
    ("75,454 dead fish between weeks 10 and 35.", "75454.0\n['uke_10', 'uke_11', 'uke_35']", True),
    ("7 errors.", "2024-03-01 00:07:51 INFO user=user_7 event=view", False),
])
def test_durations_in_parts_spaced_groups_cjk_months_eras_and_numbered_names(answer: str, output: str,
                                                                               grounded: bool) -> None:
    sources = traced(answer, *output.split("\n\n")).sources
    assert all(s.kind != "nowhere" for s in sources) == grounded, sources


def test_the_ends_of_a_range_are_no_figure_of_a_part() -> None:
    from rlm_jupyter.engine.trust import subsets

    farm = pd.DataFrame({"site": ["Hitra", "Hitra", "Frøya"], "dead": [10, 20, 30]})
    evidence = evidence_of("print(farm.dead.sum())", question="How many fish died at Hitra?", farm=farm)
    claim = subsets.unscoped("Hitra counted 60 dead fish between weeks 10 and 35.", "How many fish died at Hitra?",
                             evidence, [farm])
    assert claim is not None and claim.values["part"].lower() == "hitra", claim


def test_pairs_read_other_rows_other_names_counts_and_years_beside_a_row() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_direction, wrong_pair

    outcomes = pd.Series([71, 53, 32, 9], index=pd.Index(["Returned", "Unclaimed", "Sent", "Handed"],
                                                         name="outcome"), name="count")
    question = "How many of the things handed in got back to their owners?"
    shown = evidence_of("print(book.shape)\nprint(o)", question=question, o=outcomes,
                        book=pd.DataFrame(index=range(170)))
    assert wrong_pair("103 of the 170 items: 71 were picked up and 32 were posted back.", question, shown) is None
    assert wrong_pair("170 items.", question, shown) is not None  # a bare figure still goes with the question's label
    dishes = pd.DataFrame({"dish_en": ["som tam", "roti"], "rent_baht": [300, 250]})
    takings = pd.Series([412650, 241640], index=pd.Index(["ส้มตำ", "โรตี"], name="dish_th"), name="takings")
    both = evidence_of("print(d)\nprint(t)", d=dishes.set_index("dish_en"), t=takings)
    assert wrong_pair("ส้มตำ (som tam) took ฿412,650.", "q", both) is None  # one row by two names
    assert wrong_pair("โรตี took ฿412,650.", "q", both) is not None
    kinds = pd.Series([1012, 160], index=pd.Index(["DONE", "FAILED"], name="kind"), name="count")
    used = evidence_of("print(k)\nprint(26314.7)", k=kinds)
    assert wrong_pair("About 26.3 kg (26,314.7 g), counting what the failed prints used.", "q", used) is None
    assert wrong_pair("The failed prints were 1012.", "q", used) is not None
    fees = pd.DataFrame({2023: [8742.9, 8302.0], 2024: [5932.0, 6788.0]},
                        index=pd.Index(["Brandt", "Liège SA"], name="client"))
    years = pd.Series([128, 132], index=pd.Index([2023, 2024], name="year"), name="count")
    wide = evidence_of("print(y)\nprint(f)", y=years, f=fees)
    assert wrong_pair("Brandt was billed €8,742.90 for 2024.", "q", wide) is not None  # 2024 names a column here
    assert wrong_pair("Brandt was billed €5,932.00 for 2024.", "q", wide) is None
    bio = pd.DataFrame({"Frøya": [489.0, 1159.0, 1137.0, 1743.0]}, index=pd.Index([10, 26, 27, 35], name="uke_nr"))
    weeks = evidence_of("print(b)", b=bio)
    assert wrong_direction("Frøya (489 → 1,743 t) dipped in week 27, from 1,159 to 1,137 t.", weeks) is None
    assert wrong_direction("Frøya dipped from 489 to 1,743 t.", weeks) is not None


def test_a_written_chain_reads_a_figure_each_time_it_is_written() -> None:
    stalls = "B     S04     415800\n      S05     442130\n      S06     361840\n      S10     229380"
    grounding = traced("Zone B has 4 stalls: (415,800 + 442,130 + 361,840 + 229,380) / 4 = 362,288 baht.", stalls,
                       "4")
    assert grounding.grounded, grounding.unseen
    assert not traced("Zone B has 4 stalls: (415,800 + 442,130 + 361,840 + 229,380) / 4 = 362,900 baht.", stalls,
                      "4").grounded
    # the sentence's full stop after a unit (tonnes), which the range's first figure shares
    assert [v.unit.dimension if v.unit else None for v in values("from 467 to 1,527 t. Frøya")] == ["mass", "mass"]


def test_magnitudes_in_column_names_median_words_misread_dates_and_most_of_a_mass() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme, wrong_pair, wrong_unit

    houses = pd.DataFrame({"house": ["C", "S"], "газ_тыс_м3": [50.9, 38.9]})
    gas = evidence_of("print(h[h.house == 'C']['газ_тыс_м3'].sum())", h=houses)
    assert wrong_unit("C сожгла 50,9 м³ газа.", gas) is not None  # thousands of m³ stated as m³
    assert wrong_unit("C сожгла 50,9 тыс. м³ газа.", gas) is None
    delays = pd.Series([27.0, 34.02, 860.0], index=pd.Index(["50%", "mean", "count"]), name="delay_min")
    stats = evidence_of("print(d)", d=delays)
    assert wrong_pair("وسيط التأخير 34.0 دقيقة.", "ما وسيط مدة التأخير؟", stats) is not None
    assert wrong_pair("وسيط التأخير 27.0 دقيقة.", "ما وسيط مدة التأخير؟", stats) is None
    cold = "дата       13.01.2024\nt_нар_C         -40.2"
    assert not traced("13 января 2023 года: -40,2 °C.", cold).grounded  # another year than the printed one
    assert not traced("Первая авария случилась 10 мая 2023 года.", "17  05.10.2023  Заречная").grounded  # swapped
    assert traced("С 1 октября 2023 года: -40,2 °C.", cold).grounded  # a scope the outputs did not print: marked
    feed = pd.Series([292.23, 509.39], index=pd.Index(["Smøla", "Hitra"], name="site"), name="feed_t")
    fed = evidence_of("print(f.sort_values())", f=feed)
    assert wrong_extreme("Smøla, with 292.23 t of feed.", "Which site used the most feed?", fed, lambda _: False)
    assert wrong_extreme("Hitra, with 509.39 t.", "Which site used the most feed?", fed, lambda _: False) is None
    assert wrong_extreme("Smøla: 292.23 t, as most of the feed went elsewhere.", "How much feed did Smøla use?", fed,
                         lambda _: False) is None  # "most of": a majority, no superlative


def test_an_amount_from_a_column_that_names_no_money_beside_one_that_does() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_currency

    per = pd.DataFrame({"sold": [6041, 8253], "takings_baht": [241640, 412650]}, index=pd.Index(["roti", "som tam"]))
    shown = evidence_of("print(per)", per=per)
    claim = wrong_currency("The roti stall took ฿6,041.", shown)
    assert claim is not None and claim.values["named"] == "takings_baht"
    assert wrong_currency("The roti stall took ฿241,640.", shown) is None
    by_currency = pd.DataFrame({"amount": [87711.49, 581126.49], "eur": [91219.94, 581126.49]},
                               index=pd.Index(["CHF", "EUR"], name="currency"))
    assert wrong_currency("CHF: 87,711.49 CHF.", evidence_of("print(t)", t=by_currency)) is None


@pytest.mark.parametrize("question, word, direction", [
    ("من السائق الذي نفّذ أكبر عدد من التوصيلات؟", "أكبر", "high"),  # Arabic's elative
    ("أي حي طلب أقل كمية؟", "أقل", "low"),
    ("Какая котельная выработала больше всего тепла?", "больше всего", "high"),  # Russian
    ("Какой день сезона был самым холодным?", "самым холодным", "low"),
    ("ร้านไหนขายได้มากที่สุด", "มากที่สุด", "high"),  # Thai
])
def test_superlatives_and_which_words_of_arabic_russian_and_thai(question: str, word: str, direction: str) -> None:
    from rlm_jupyter.engine.trust import forms

    assert forms.asks_for_one(question) == "one choice"
    assert [(s.word, s.direction) for s in forms.superlatives(question)] == [(word, direction)]


def test_a_plural_which_word_of_russian_asks_for_no_one_choice() -> None:
    from rlm_jupyter.engine.trust import forms

    assert forms.asks_for_one("Какие котельные работали больше всего?") is None


def test_a_range_of_durations_and_a_price_column_without_its_currency() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_currency

    assert [v.text for v in values("from 5 days to 3 hours")] == ["5 days", "3 hours"]
    menu = pd.DataFrame({"price": [12.5, 9.0], "total_eur": [1250.0, 900.0]}, index=pd.Index(["soup", "bread"]))
    assert wrong_currency("The soup costs €12.50.", evidence_of("print(m)", m=menu)) is None


@pytest.mark.parametrize("answer, output, grounded", [
    # a log's day without its year, after its weekday: the year a title states, the weekday tells the order
    ("On Wednesday 11 December 2024 at 07:19 UTC.", "Atlantic crossing, November-December 2024\n\n"
     "Wed 11/12 0719 UTC. Crossed the finish line.", True),
    ("On Wednesday 11 December 2023 at 07:19 UTC.", "Atlantic crossing, November-December 2024, 2023 notes\n\n"
     "Wed 11/12 0719 UTC. Crossed the finish line.", False),  # 11 December 2023 is a Monday
    ("At 01:49 UTC.", "Mon 2/12 0400 UTC. Squall at 0149: gusts 35 kn.", True),  # a log's time of day, four digits
    ("At 05:38 UTC.", "QSO: 14018 CW 2024-11-23 0538 OH3ZX", True),
    ("At 07:19.", "sold 0719 units", False),  # four digits alone are a number
    # the time between two stamps the answer dates ("12:30 UTC on 24 November")
    ("16 days 18 h 49 min, from 12:30 UTC on 24 November to 07:19 UTC on 11 December.",
     "2024\n\nSun 24/11 1230 UTC. Start.\nWed 11/12 0719 UTC. Finish.", True),
    ("17 days 18 h 49 min, from 12:30 UTC on 24 November to 07:19 UTC on 11 December.",
     "2024\n\nSun 24/11 1230 UTC. Start.\nWed 11/12 0719 UTC. Finish.", False),
    # a time in UTC from a local one and the offset an output printed
    ("03:41:12 local time (00:41:12 UTC).", "Times are Turkish time (UTC+3).\n\nsaat    03:41:12", True),
    ("03:41:12 local time (01:41:12 UTC).", "Times are Turkish time (UTC+3).\n\nsaat    03:41:12", False),
    # joules' SI multiples; a printed figure in scientific notation, to the digits it prints
    ("2,331.3 kWh (8.39 GJ).", "kWh: 2331.3", True),
    ("2,331.3 kWh (8.49 GJ).", "kWh: 2331.3", False),
    ("Rp 1.692.199.250 in 2023.", "2023    1.692199e+09", True),
    ("Rp 1.692.299.250 in 2023.", "2023    1.692199e+09", False),
    # magnitudes and months of Vietnamese and Indonesian
    ("Khoảng 38,2 triệu đồng mỗi chuyến, từ tháng 1 đến tháng 6 năm 2024.", "2024-06-26\n\n204 38170843.137", True),
    ("Khoảng 7,79 tỷ đồng.", "7786852000", True),
    ("Sekitar Rp 364 rb per lembar.", "363846.15", True),
])
def test_logbook_days_and_times_offsets_joules_and_more_locales_are_read(answer: str, output: str,
                                                                        grounded: bool) -> None:
    sources = traced(answer, *output.split("\n\n")).sources
    assert all(s.kind != "nowhere" for s in sources) == grounded, sources


def test_factors_names_and_magnitudes_the_code_applied() -> None:
    code = "joules = wh.sum() * 3600\nprint(round(joules / 3.6e6, 1))\nprint(np.log10(joules))"
    run = Run(id="r", question="q", model="m", sub_model="s", context_names=["context"],
              iterations=[Iteration(0, "r", cells=[CodeCell(code, stdout="2331.3\n9.92", shown="2331.3\n9.92")])])
    evidence = Evidence.of([run])
    assert trace("2,331.3 kWh: I divided by 3.6 million, and log10 of it is 9.92.", evidence,
                 typed="x").grounded  # a large factor the code applied, a name the code uses
    assert not trace("2,331.3 kWh: I divided by 12.", evidence, typed="x").grounded  # 12: no factor of this code
    monthly = pd.Series([163.9e6, 92.4e6], index=pd.Index(["2024-01", "2024-02"], name="tgl"), name="omzet")
    divided = evidence_of("print((m / 1e6).round(1))", m=monthly)
    assert trace("Sales were Rp 163.9 million in January.", divided, typed="x").grounded
    assert not trace("Sales were Rp 163.9 billion in January.", divided, typed="x").grounded


def test_a_unit_sentence_end_a_sorted_heads_second_row_and_units_of_length_and_frequency() -> None:
    from rlm_jupyter.engine.trust.claims import sentences, wrong_extreme, wrong_unit

    assert sentences("Total 4,122.0 L. B2 restarted. Dr. J. Smith came.") == ["Total 4,122.0 L.", "B2 restarted.",
                                                                             "Dr. J. Smith came."]
    days = pd.Series([87, 39, 20, 17], index=pd.Index(["2024-04-17", "2024-04-18", "2024-04-19", "2024-05-01"]))
    head = evidence_of("print(d.sort_values(ascending=False).head(3))", d=days)
    question = "Which day had the most earthquakes?"
    assert wrong_extreme("17 April 2024, with 87. The next busiest day, 18 April, had 39.", question, head,
                         lambda _: False) is None
    assert wrong_extreme("17 April 2024, with 87. The next busiest day, 19 April, had 20.", question, head,
                         lambda _: False) is not None
    record = pd.Series({"khz": 14024, "mode": "CW", "call": "UN4HE"}, name=0)
    qso = evidence_of("print(r)", r=record)
    assert wrong_unit("Your first QSO was on 14024 MHz.", qso) is not None  # a field named in kHz
    assert wrong_unit("Your first QSO was on 14024 kHz.", qso) is None
    log = evidence_of("print('Log 2803.4 nm.')")
    assert wrong_unit("Selkie sailed 2,803.4 km.", log) is not None
    per = pd.DataFrame({"km": [3630, 3080], "tan": [13583.0, 7512.4]}, index=pd.Index(["G07", "G01"], name="ma"))
    barges = evidence_of("print(p)", p=per)
    assert wrong_unit("G07 carried 3,630 tonnes.", barges) is not None  # the km column's figure, called a mass
    assert wrong_unit("G07 sailed 3,630 km.", barges) is None
    speed, per_second, thousands = (v.unit for v in values("13.7 km/h, 5 m per second, 18 mil euros"))
    assert speed is not None and speed.dimension == "speed" and (per_second, thousands) == (None, None)


def test_pairs_across_magnitudes_glued_labels_and_more_languages() -> None:
    from rlm_jupyter.engine.trust import forms
    from rlm_jupyter.engine.trust.claims import wrong_pair

    channels = pd.Series([644.9e6, 478.6e6], index=pd.Index(["Shopee", "Tokopedia"], name="saluran"), name="omzet")
    shown = evidence_of("print((c / 1e6).round(1))", c=channels)
    assert wrong_pair("Tokopedia: Rp 644,9 juta, dibanding Rp 478,6 juta di Shopee.", "q", shown) is not None
    assert wrong_pair("Shopee: Rp 644,9 juta, dibanding Rp 478,6 juta di Tokopedia.", "q", shown) is None
    bands = pd.Series([467, 340], index=pd.Index(["20m", "40m"], name="band"), name="count")
    counted = evidence_of("print(b)", b=bands)
    assert wrong_pair("On 40 m: 467 QSOs there against 340 on 20 m.", "q", counted) is not None
    assert wrong_pair("On 20 m: 467 QSOs there against 340 on 40 m.", "q", counted) is None
    for question, direction in [("Bến nào xếp hàng nhiều chuyến nhất?", "high"), ("Motif mana yang paling laris?",
                                "high"), ("Hangi gün en az satış oldu?", "low"), ("Kuka myi eniten?",
                                "high"), ("Kdo prodal nejméně?", "low"), ("Melyik hónapban volt a legtöbb?",
                                "high")]:
        assert forms.asks_for_one(question) == "one choice", question
        assert [s.direction for s in forms.superlatives(question)] == [direction], question


def test_a_name_an_answer_leads_with_must_have_been_shown(engine: Engine) -> None:
    motifs = pd.DataFrame({"motif": ["Kawung", "Parang", "Kawung"], "omzet": [498.4, 606.8, 10.0]})
    code = fence("print(context.groupby('motif').omzet.sum())")
    for answer, accepted in [("Lasem, with about 606.8 in sales.", False), ("Parang, with about 606.8 in sales.",
                                                                           True),
                             ("In September, Parang led with 606.8.", True),
                             ("Overall, Parang led with 606.8.", True)]:  # "Overall" leads; Parang is the label
        run = engine.run([code, f"FINAL({answer})"], motifs, question="Which motif brought in the most revenue?",
                         max_iterations=2)
        refused = [v.gate for v in run.iterations[1].verdicts if v.action == "refused"]
        assert (run.status == "final" and not refused) == accepted, (answer, refused)


def test_a_named_choice_in_a_bracketed_qualifier_or_as_the_subject_must_have_been_shown(engine: Engine) -> None:
    """The choice an answer names before a qualifier in brackets ("Kramer (AUT), with ..."), or as the subject of
    the question's own predicate ("Goldenrod honey had the highest ..."), is a label the outputs must have shown.
    A superlative inside the subject ("Your top speed was ...") names no choice."""
    honey = pd.DataFrame({"miod": ["wrzosowy", "lipowy", "gryczany", "wrzosowy"], "woda": [21.4, 18.0, 18.5, 21.4]})
    code = fence("print(context.groupby('miod').woda.mean().sort_values(ascending=False))")
    for question, answer, accepted in [
        ("Which honey had the highest water content?", "Goldenrod honey (nawłociowy) had the highest water content.",
         False),
        ("Which honey had the highest water content?", "Heather honey (wrzosowy) had the highest water content.",
         True),
        ("Which honey had the highest water content?", "Wrzosowy honey had the highest water content.", True),
        ("Which honey had the highest water content?", "Kramer (AUT), with 21.4.", False),
        ("Which honey had the highest water content?", "Wrzosowy (heather), with 21.4.", True),
    ]:
        run = engine.run([code, f"FINAL({answer})"], honey, question=question, max_iterations=2)
        refused = [v.gate for v in run.iterations[1].verdicts if v.action == "refused"]
        assert (run.status == "final" and not refused) == accepted, (answer, refused)
        assert accepted or refused == ["unseen-value"], (answer, refused)
    rides = pd.DataFrame({"part": ["climb", "descent", "flat"], "top_kmh": [10.1, 15.3, 12.0]})
    run = engine.run([fence("print(context.top_kmh.max())"), "FINAL(Your top speed was 15.3 km/h.)"], rides,
                     question="What was my top speed on the descents?", max_iterations=2)
    assert run.status == "final" and not [v for v in run.iterations[1].verdicts if v.action == "refused"]


def test_a_name_in_another_order_is_shown_and_a_printed_code_in_its_brackets_is_no_choice(engine: Engine) -> None:
    """A start list writes ``KRANJEC Nika``: "Nika Kranjec, with 104.0 m" names that row, with or without its
    country in brackets. "Lisa Brandt (SLO)" names nobody the outputs showed: the printed SLO in its brackets is
    the name's qualifier, not the choice."""
    jumps = pd.DataFrame({"name": ["LOGAR Tina", "HOELZL Lena", "BOGATAJ Ema", "KRANJEC Nika"],
                          "nat": ["SLO", "AUT", "SLO", "SLO"], "dist": [101.0, 100.0, 92.5, 104.0]})
    code = fence("print(context.sort_values('dist', ascending=False))")
    for answer, accepted in [("Nika Kranjec, with 104.0 m.", True), ("Nika Kranjec (SLO), with 104.0 m.", True),
                             ("Lisa Brandt (SLO), with 104.0 m.", False)]:
        run = engine.run([code, f"FINAL({answer})"], jumps, question="Who jumped furthest?", max_iterations=2)
        refused = [v.gate for v in run.iterations[1].verdicts if v.action == "refused"]
        assert (run.status == "final" and not refused) == accepted, (answer, refused)
        assert accepted or refused == ["unseen-value"], (answer, refused)
    districts = pd.Series([1824, 1295, 1293], index=pd.Index(["ماركا", "الهاشمي", "الجبيهة"], name="district"))
    run = engine.run([fence("print(context)"), "FINAL(Marka (ماركا), with 1,824 m³.)"], districts,
                     question="Which district took the most water?", max_iterations=2)
    assert run.status == "final" and not [v for v in run.iterations[1].verdicts if v.action == "refused"]


def test_a_label_with_turkish_dotted_capitals_is_named_by_the_answer(engine: Engine) -> None:
    """"EGE DENİZİ" lowers to an i with a combining dot: the answer that names it is still read as naming that
    row, so the second row called the top is refused as the wrong extreme."""
    regions = pd.Series([234, 92, 90], index=pd.Index(["SINDIRGI (BALIKESİR)", "EGE DENİZİ", "GÖKSUN"], name="yer"))
    run = engine.run([fence("print(context)"), "FINAL(EGE DENİZİ had the most earthquakes, 92 events.)"], regions,
                     question="Which region had the most earthquakes?", max_iterations=2)
    refused = [v for v in run.iterations[1].verdicts if v.action == "refused"]
    assert [v.gate for v in refused] == ["wrong-extreme"] and refused[0].values.get("label") == "EGE DENİZİ"


def test_by_before_a_superlative_is_no_grouping() -> None:
    """"served by the most lines" names the passive's agent: the question still asks for one choice; "by month"
    still asks for one answer per month."""
    from rlm_jupyter.engine.trust import forms

    assert forms.asks_for_one("Which tram stop is served by the most lines?") == "one choice"
    assert forms.asks_for_one("Which user was visited by the fewest people?") == "one choice"
    assert forms.asks_for_one("Which region sold the most by month?") is None


def test_best_and_worst_in_english_and_the_romance_languages_ask_for_one_choice() -> None:
    """"best" was read as an -est word too short to be one, and "o melhor", "le meilleur", "il miglior" not at all;
    a rate after the measure ("por hectare") is its unit, no grouping; a who-word opening the question ("¿Quién
    ...?", "Chi ...?", "Wer ...?") asks for one choice as "Who ...?" does."""
    from rlm_jupyter.engine.trust import forms

    for question in ["Which farm had the best yield per hectare?", "Que herdade teve o melhor rendimento por hectare?",
                     "Quelle ferme a eu le meilleur rendement par hectare ?", "¿Qué finca tuvo el peor rendimiento?",
                     "Chi ha fatto il miglior tempo?", "¿Quién hizo el mejor tiempo?", "Wer hat am meisten verkauft?",
                     "Który miód miał najwyższą zawartość wody?"]:
        assert forms.asks_for_one(question) == "one choice", question
    assert forms.asks_for_one("Which test ran longest by team?") is None


def test_a_choice_named_nowhere_with_a_rows_figure_is_refused_unless_the_rows_are_periods(engine: Engine) -> None:
    """"A Herdade da Mitra, com 34,51 ..." names no estate the table printed while 34,51 is another's: refused. To
    "What was my best clock hour?" a row labelled ``2024-11-23 12:00:00`` is named in words ("Saturday from 12:00
    UTC"): accepted."""
    estates = pd.DataFrame({"herdade": ["Herdade da Palmeira", "Herdade do Freixo", "Monte do Sobral"],
                            "arrobas_ha": [34.51, 29.06, 20.2]})
    run = engine.run([fence("print(context.sort_values('arrobas_ha', ascending=False))"),
                      "FINAL(A Herdade da Mitra, com 34,51 arrobas por hectare.)"], estates,
                     question="Que herdade teve o melhor rendimento por hectare?", max_iterations=2)
    assert [v.gate for v in run.iterations[1].verdicts if v.action == "refused"] == ["wrong-extreme"]
    hours = pd.Series([64, 59, 56, 54], index=pd.DatetimeIndex(["2024-11-23 12:00", "2024-11-23 09:00",
                                                               "2024-11-23 10:00", "2024-11-23 07:00"], name="utc"))
    run = engine.run([fence("print(context)"), "FINAL(Saturday from 12:00 UTC, with 64 QSOs.)"], hours,
                     question="What was my best clock hour?", max_iterations=2)
    assert run.status == "final" and not [v for v in run.iterations[1].verdicts if v.action == "refused"]


def test_numbers_a_noun_lists_are_names_not_a_rows_figures(engine: Engine) -> None:
    """"lines 1, 2 and 3 all stop there" names the lines; a 1 a table of trips holds is not the answer's figure."""
    stops = pd.DataFrame({"stop": ["Hobujaama", "Kopli", "Sepa"], "lines": [3, 2, 1]})
    trips = pd.DataFrame({"trip": ["T1_a", "T2_b", "T3_c"], "line": [1, 2, 3], "mins": [40, 52, 35]})
    code = fence("print(trips)\nprint(f'{context.stop[0]} {context.lines[0]}')")
    run = engine.run([code, "FINAL(Hobujaama: lines 1, 2 and 3 all stop there.)"], stops,
                     question="Which tram stop is served by the most lines?", max_iterations=2,
                     namespace={"trips": trips})
    refused = [v.gate for v in run.iterations[1].verdicts if v.action == "refused"]
    assert run.status == "final" and not refused, refused


LOGBOOK = "\n".join(["DECK LOG: Las Palmas to Rodney Bay, November-December 2024. All times UTC."]
                    + [f"{day} {d}/12 {h:02d}00 UTC. Log {1000 + 40 * d + h:.1f} nm. Wind E {4 + h % 3}, baro 1015."
                       for d, day in [(1, "Sun"), (2, "Mon"), (3, "Tue"), (4, "Wed")] for h in range(0, 24, 4)]
                    + ["Tue 3/12 1200 UTC. Squall at 1149: gusts 35 kn."] * 3)


def test_a_search_again_in_logbook_and_dotted_dates(engine: Engine) -> None:
    wrong = engine.run([fence("print(LOG[:200])\nprint([l for l in LOG.splitlines() if '2024-12-03' in l])"),
                        "FINAL(No, there was no squall on 3 December.)"], {"LOG": LOGBOOK}, max_iterations=2)
    assert [v.values.get("data_has") for v in wrong.iterations[1].verdicts if v.action == "refused"] == ["Tue 3/12"]
    right = engine.run([fence("print(LOG[:200])\nprint([l for l in LOG.splitlines() if '2024-12-05' in l])"),
                        "FINAL(No, there was no squall on 5 December.)"], {"LOG": LOGBOOK}, max_iterations=2)
    assert right.status == "final" and len(right.iterations) == 2  # no day of the log is 5 December
    from rlm_jupyter.engine.trust.search_again import _date_forms

    assert "2024.04.17" in _date_forms(__import__("datetime").date(2024, 4, 17))


def test_a_hedged_guess_is_not_found_in_the_datas_own_text_and_rounding_reads_results(engine: Engine) -> None:
    guess = engine.run([fence("print(LOG[:400])"), "FINAL(About 1,130 nautical miles a day.)"], {"LOG": LOGBOOK},
                       question="How far did they sail a day?", max_iterations=2)
    assert [v.gate for v in guess.iterations[1].verdicts if v.action == "refused"] == ["unseen-value"]
    quoted = engine.run([fence("print(LOG[:900])"), "FINAL(The log read 1,080.0 nm at midnight on 2 December.)"],
                        {"LOG": LOGBOOK}, question="What did the log read on 2 December?", max_iterations=2)
    assert quoted.status == "final" and len(quoted.iterations) == 2
    question = "Roughly what was the average wind force, in whole numbers?"
    mean = fence("print(LOG[:400])\nprint(4.56)")
    rounded = engine.run([mean, "FINAL(About 4.)"], {"LOG": LOGBOOK}, question=question, max_iterations=2)
    assert [v.gate for v in rounded.iterations[1].verdicts if v.action == "refused"] == ["misrounded"]
    kept = engine.run([mean, "FINAL(About 5.)"], {"LOG": LOGBOOK}, question=question, max_iterations=2)
    assert kept.status == "final" and len(kept.iterations) == 2


def test_one_row_by_two_names_a_stepwise_trend_over_a_head_and_a_month_of_the_named_year() -> None:
    from rlm_jupyter.engine.trust.claims import mentions, wrong_extreme, wrong_trend

    barges = pd.DataFrame({"name": ["Phú Quý 3", "Kim Ngân 8", "Đại Lộc"], "tan": [7512.4, 11235.7, 13583.0]},
                          index=pd.Index(["G01", "G03", "G07"], name="ma"))
    shown = evidence_of("print(b)", b=barges)
    question = "Which barge carried the most rice?"
    assert wrong_extreme("Kim Ngân 8 (G03) carried the most: 11,235.7 tonnes.", question, shown,
                         lambda _: False) is not None
    assert wrong_extreme("Đại Lộc (G07) carried the most: 13,583.0 tonnes.", question, shown, lambda _: False) is None
    days = pd.Series([83, 33, 13, 6, 3, 7], index=pd.Index(pd.date_range("2024-04-17", periods=6).date, name="d"))
    head = evidence_of("print(d.groupby(level=0).sum().head(4))", d=days)
    assert wrong_trend("There were more aftershocks each day over the first four days.", head) is not None
    assert wrong_trend("There were fewer aftershocks each day over the first four days.", head) is None
    assert wrong_trend("Aftershocks rose after that.", head) is None  # no step by step claim: the head tells nothing
    raw = evidence_of("print(d.head(4))", d=days)  # the data's first rows, not periods the code summed
    assert wrong_trend("There were more aftershocks each day over the first four days.", raw) is None
    labels = ["2023 03", "2023 04", "2024 03", "2024 04"]
    assert [m.label for m in mentions("From March to April 2024 it fell.", labels)] == ["2024 03", "2024 04"]
    assert mentions("It fell after March.", labels) == []  # which year's March: no one row


def test_a_dotted_label_and_a_counters_reading() -> None:
    from rlm_jupyter.engine.trust.claims import sentences
    from rlm_jupyter.engine.trust.running import counter_reading

    assert sentences("Kaple sv. Anny sold 1,749. Malý sál sold 7,978.", ["kaple sv. anny"]) == [
        "Kaple sv. Anny sold 1,749.", "Malý sál sold 7,978."]
    stamps = pd.date_range("2024-08-12", periods=6, freq="6h", tz="Asia/Singapore")
    harvest = pd.Series([819680.0, 828951.0, 828951.0, 837950.0, 837950.0, 845739.0], index=stamps, name="A2")
    counter = evidence_of("print(h)", h=harvest)
    question = "How much did rack A2 harvest in the second week?"
    assert counter_reading("Rack A2 harvested 845.7 kg in the second week.", question, counter) is not None
    assert counter_reading("Rack A2 harvested 26.1 kg in the second week.", question, counter) is None  # a difference
    assert counter_reading("The counter read 845.7 kg.", "What did the harvest counter read?", counter) is None


def test_a_daily_rate_over_the_datas_span_and_a_unit_named_before_its_figure() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_unit

    readings = pd.DataFrame({"ts": pd.date_range("2024-08-05", "2024-08-19", freq="6h"), "j": 1.0})
    code = "print('kWh:', round(2331.3, 1))"
    run = Run(id="r", question="q", model="m", sub_model="s", context_names=["m"],
              iterations=[Iteration(0, "r", cells=[CodeCell(code, stdout="kWh: 2331.3", shown="kWh: 2331.3")])])
    evidence = Evidence.of([run], [readings])
    assert trace("2,331.3 kWh, about 167 kWh a day.", evidence, typed="x").grounded  # 14 days of the data
    assert not trace("2,331.3 kWh, about 180 kWh a day.", evidence, typed="x").grounded
    joules = evidence_of("energy_joules = pd.Series([8.392524e9])\nprint(round(energy_joules.sum() / 3.6e6, 1))")
    assert wrong_unit("2,331.3 kWh in all.", joules) is None  # the code converted (by 3.6e6): its names say joules
    labelled = evidence_of("print('kWh:', 2331.3)")
    assert wrong_unit("2,331.3 MWh in all.", labelled) is not None  # the unit printed before its figure
    assert wrong_unit("2,331.3 kWh in all.", labelled) is None


def test_a_constant_written_as_an_operand_a_spans_days_and_a_rounding_read_either_way(engine: Engine) -> None:
    code = "syrup = (sap.litres * sap.brix / 86).sum()\nprint(syrup)"
    run = Run(id="r", question="q", model="m", sub_model="s", context_names=["sap"],
              iterations=[Iteration(0, "r", cells=[CodeCell(code, stdout="2795.0159", shown="2795.0159")])])
    evidence = Evidence.of([run])
    assert trace("2,795.0 L: litres × °Brix ÷ 86.", evidence, typed="x").grounded  # the code's divisor, as written
    assert not trace("2,795.0 L, for 86 trees.", evidence, typed="x").grounded  # 86 said alone is a count
    july = pd.DataFrame({"day": pd.date_range("2024-07-01", "2024-07-31"), "kg": 110.6})
    fed = Run(id="r", question="q", model="m", sub_model="s", context_names=["food"],
              iterations=[Iteration(0, "r", cells=[CodeCell("print(3429.03)", stdout="3429.03", shown="3429.03")])])
    assert trace("3,429.03 kg over the 31 days.", Evidence.of([fed], [july]), typed="x").grounded
    assert not trace("3,429.03 kg over the 45 days.", Evidence.of([fed], [july]), typed="x").grounded
    sap = pd.DataFrame({"litres": [40000.0, 80185.685], "brix": [2.0, 2.0]})  # 2,795.016 L of syrup
    question = "Roughly how much syrup will this sap make?"
    kept = engine.run([fence("print((context.litres * context.brix / 86).sum())"),
                       "FINAL(Roughly 2,800 litres, 2,795.0 L before rounding.)"], sap, question=question,
                      max_iterations=2)  # "L" is litres here, not Indian English's lakh
    assert kept.status == "final" and len(kept.iterations) == 2, [v for it in kept.iterations for v in it.verdicts]


def test_the_reviews_cases_of_leading_words_weekday_words_counters_offsets_and_forms() -> None:
    from rlm_jupyter.engine.trust import forms
    from rlm_jupyter.engine.trust.claims import mentions, wrong_unit
    from rlm_jupyter.engine.trust.printed import Line as PrintedLine
    from rlm_jupyter.engine.trust.running import counter_reading

    assert [v.kind for v in values("Range: min 1.2, max 9.8 kg; costs 2.40 per 1.5 kg")] == ["number"] * 4
    assert [v.kind for v in values("Tháng 6 có 1500 đơn hàng.")] == ["number"]  # a count, no year
    assert [str(r.value) for r in values("Revenue was $1.2M.")[0].readings] == ["1200000.0"]  # not a miliar
    months = pd.Series([41250, 45805, 48115, 52990, 55300, 61020],
                       index=pd.Index(["2024-01", "2024-02", "2024-03", "2024-04", "2024-05", "2024-06"]))
    growing = evidence_of("print(m)", m=months)
    assert counter_reading("Revenue in March 2024 was 48,115.", "What was the revenue in March 2024?",
                           growing) is None  # a growing series that never stays level names no counter
    local = "Times are Turkish time (UTC+3).\n\nsaat    03:41:12"
    assert not traced("03:41:12 local time, i.e. 06:41:12 UTC.", *local.split("\n\n")).grounded  # the wrong way
    assert not traced("Shift start 08:15, the call came at 17:15.", "Tokyo UTC+9", "shift start 08:15").grounded
    stats = evidence_of("print('min: 1.2')\nprint('max: 9.8')")
    assert wrong_unit("The lightest parcel weighs 1.2 kg.", stats) is None  # "min" names a statistic, not minutes
    assert [s.word for s in forms.superlatives("Nejvyšší tržby má Praha. Data za Brno nejsou úplná.")] == ["Nejvyšší"]
    # how much, not which store: a relative pronoun is no which-word
    assert forms.asks_for_one("Ile wyniosła sprzedaż w sklepie, który miał najwięcej klientów?") == "one figure"
    assert mentions("It grew by a 1% margin.", ["a1"]) == []
    assert [m.label for m in mentions("March 2024 beat March 2023.", ["2023 03", "2024 03"])] == ["2024 03",
                                                                                                   "2023 03"]
    log = Shown([PrintedLine(Where("output", 1, 1), 1, "Mon 2/12 0400 UTC. Squall at 0149: gusts 35 kn.", "")])
    assert log.find(values("at 01:49 UTC")[0]) is not None
    assert log.find(values("at 01:49:37 UTC")[0]) is None  # the log writes the minute, not the second
    assert Shown([PrintedLine(Where("output", 1, 1), 1, "ratio 1.5e+03% and 1.692199e+09", "")]).has(
        values("1,692,199,250")[0])  # a percent in scientific notation is read, and does not stop the rest


# -- this round's readings and checks (cases_tune13), each both ways -----------------------------------------------
def test_a_semicolon_line_reads_its_decimal_commas_whole_and_a_comma_before_a_clause_ends_a_fraction() -> None:
    csv = Shown([Line(Where("output", 1, 1), 1, "1.1.2024;Kallio;92;1171,12;-9,9;0,1;", "")])
    assert csv.has(values("1,171.12 €")[0]) and not csv.has(values("12 €")[0])  # not 1171 and 12
    plain = Shown([Line(Where("output", 1, 1), 1, "Kallio,92,1171,12", "")])
    assert plain.has(values("12 €")[0])  # a comma's CSV splits its fields there
    assert [(v.text, str(v.first)) for v in values("tukki 2 393,0, kuitu")] == [("2 393,0", "2393.0")]
    assert [v.text for v in values("1,2,3 items")] == ["1", "2", "3"]


def test_a_three_letter_day_or_month_is_named_only_with_its_capital() -> None:
    from rlm_jupyter.engine.trust.claims import mentions

    days = ["Thursday", "Saturday", "May"]
    assert [m.label for m in mentions("Cuối tuần thu ít nhất, vào Thứ Bảy.", days)] == ["Saturday"]  # "thu": collect
    assert [m.label for m in mentions("Sales may rise; Thu was busy, THU too.", days)] == ["Thursday", "Thursday"]
    assert [m.label for m in mentions("Busiest in May.", days)] == ["May"]
    assert [m.label for m in mentions("jeudi et torstai", days)] == ["Thursday", "Thursday"]  # whole names any case


def test_a_condition_grouping_beside_a_grouping_by_name_names_true_and_false() -> None:
    from rlm_jupyter.engine.trust.booleans import boolean_names

    code = ("daily = s.groupby('day').visits.sum()\n"
            "print(daily.groupby(daily.index.day_of_week >= 5).mean())")
    assert boolean_names(code) == {"true": "weekend", "false": "weekday"}
    assert boolean_names("print(s.groupby('evening').visits.mean())") == {"true": "evening"}
    assert boolean_names("a = s.groupby(s.x == 'j').y.sum()\nb = s.groupby(s.z == 'k').y.sum()") == {}  # two


def test_a_column_assigned_a_condition_names_true_and_false_by_the_condition(engine: Engine) -> None:
    from rlm_jupyter.engine.trust.booleans import boolean_names

    assigned = "t['penwythnos'] = t.dydd.dt.day_of_week >= 5\nprint(t.groupby('penwythnos').teithwyr.mean())"
    assert boolean_names(assigned) == {"true": "weekend", "false": "weekday"}
    # another condition names nothing more than the column: its own name may say the other way round
    assert boolean_names("s['evening'] = s.hour >= 18\nprint(s.groupby('evening').visits.mean())") == {"true": "evening"}
    assert boolean_names("c['no_coupon'] = c.coupon == ''\nprint(c.groupby('no_coupon').amount.mean())") == \
        {"true": "no_coupon"}
    days = pd.DataFrame({"dydd": pd.date_range("2024-03-25", periods=14), "teithwyr": ([25] * 5 + [49] * 2) * 2})
    code = fence("t = context.copy()\nt['penwythnos'] = t.dydd.dt.day_of_week >= 5\n"
                 "print(t.groupby('penwythnos').teithwyr.mean().round(1))")
    question = "Do weekend trains carry more passengers?"
    for answer, refused in (("Weekday trains carry 49.0 on average, against 25.0 at weekends.", True),
                            ("Weekday trains carry 25.0 on average, against 49.0 at weekends.", False)):
        run = engine.run([code, f"FINAL({answer})"], days.copy(), question=question, max_iterations=2)
        refusals = [v.gate for v in run.iterations[-1].verdicts if v.action == "refused"]
        assert refusals == (["row-mismatch"] if refused else []), run.iterations[-1].verdicts


def test_an_amount_is_not_sent_to_a_rate_column_for_its_currency() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_currency

    months = pd.DataFrame({"visits": [9569, 7841], "takings": [142366.54, 120310.33],
                           "eur_per_visit": [14.88, 15.34]}, index=pd.Index([1, 2], name="month"))
    evidence = evidence_of("print(m)", m=months)
    assert wrong_currency("January: 142 366,54 € from 9 569 visits.", evidence) is None
    sold = pd.DataFrame({"sold": [6041, 5120], "takings_eur": [90615.0, 76800.0]}, index=pd.Index(["A", "B"]))
    assert wrong_currency("A took €6,041.", evidence_of("print(m)", m=sold)) is not None  # the right row's other column


def test_a_later_word_of_change_refers_to_the_change_stated_with_its_figures() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_trend

    visits = pd.Series([9569, 7841, 8391, 5627], index=pd.Index([1, 2, 3, 4], name="month"), name="visits")
    evidence = evidence_of("print(v)", v=visits)
    assert wrong_trend("Up 7.0%: from 7,841 visits in February to 8,391 in March. February was two days "
                       "shorter, which accounts for part of the rise.", evidence) is None
    assert wrong_trend("Visits rose over the season.", evidence) is not None
    assert wrong_trend("From 9,569 to 5,627 visits. The rise came with the cold.", evidence) is not None


def test_a_round_figure_is_another_figure_of_the_answer_rounded() -> None:
    assert traced("Kabaca 1.400 m²; tam olarak 1.432,85 m².", "1432.85").grounded
    assert not traced("Kabaca 1.500 m²; tam olarak 1.432,85 m².", "1432.85").grounded  # no rounding gives 1,500
    assert not traced("1,400 visitors paid 1,432.85 €.", "1432.85").grounded  # another unit: not that figure


def test_a_record_of_a_listing_is_no_selection_nor_the_table_that_ranks_its_label(engine: Engine) -> None:
    sales = pd.DataFrame({"sale": [f"S-{i}" for i in range(8)], "day": ["1 Ocak 2024"] * 8,
                          "product": ["kilim", "halı"] * 4, "note": ["-"] * 8, "amount": [10.0, 30, 20, 50, 5, 40, 15, 25],
                          "paid": ["nakit"] * 8, "country": ["DE", "JP", "TR", "TR", "JP", "US", "DE", "US"]})
    code = ("import pandas as pd\npd.set_option('display.max_columns', 4)\nprint(context.head())\n"
            "print(context.groupby('country').amount.sum().sort_values())")
    run = engine.run([fence(code), "FINAL(En çok JP müşterileri harcadı: 35.)"], sales,
                     question="En çok hangi ülkeden müşteriler harcadı?", max_iterations=2)
    assert [v.gate for v in run.iterations[1].verdicts if v.action == "refused"] == ["wrong-extreme"]
    ok = engine.run([fence(code), "FINAL(En çok TR müşterileri harcadı: 70.)"], sales,
                    question="En çok hangi ülkeden müşteriler harcadı?")
    assert ok.status == "final" and len(ok.iterations) == 2, [v for it in ok.iterations for v in it.verdicts]


@pytest.mark.parametrize("question, words", [
    ("¿Qué comunidad generó más dinero con su fibra?", [("más", "high")]),
    ("Qual loja vendeu menos?", [("menos", "low")]),
    ("Qual despesa mais subiu em 2024?", []),  # the most of a change: not a column's extreme
    ("Which store sold more?", []),  # English compares two
])
def test_a_which_questions_bare_comparative_asks_for_the_extreme(question: str, words: list[tuple[str, str]]) -> None:
    from rlm_jupyter.engine.trust import forms

    assert [(s.word, s.direction) for s in forms.superlatives(question)] == words


@pytest.mark.parametrize("question, asks", [
    ("Kolik z 24 koncertů mělo obsazenost přes 90 %?", "one figure"), ("Kaç satış yapıldı?", "one figure"),
    ("Bao nhiêu lượt xe máy phải trả?", "one figure"), ("Ile zamówień było?", "one figure"),
    ("Halı ile kilim satışlarını karşılaştır.", None),  # Turkish "ile" is "with"
])
def test_how_many_is_read_in_the_locales_the_readers_know(question: str, asks: str | None) -> None:
    from rlm_jupyter.engine.trust import forms

    assert forms.asks_for_one(question) == asks


def test_a_number_of_the_question_read_off_a_row_of_a_table_is_no_count(engine: Engine) -> None:
    wins = pd.DataFrame({"winner": ["BB"] * 6 + ["SS"] * 6 + ["AA"] * 5 + ["KK"] * 4 + ["VV"] * 2})
    question = "Of the 5 teams, how many won at least 5 matches?"
    counts = "print(context.winner.value_counts())"
    run = engine.run([fence(counts), "FINAL(All 5 of them.)"], wins, question=question, max_iterations=2)
    assert [v.gate for v in run.iterations[1].verdicts if v.action == "refused"] == ["echoed-figure"]
    ok = engine.run([fence(counts + "\nprint((context.winner.value_counts() >= 5).sum())"), "FINAL(3 of them.)"],
                    wins, question=question)
    assert ok.status == "final" and len(ok.iterations) == 2


def test_a_figure_grouped_by_spaces_is_checked_whole_in_its_labels_row() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    concerts = pd.DataFrame({"id": ["K12", "K13"], "kapacita": [250, 1200], "prodáno": [232, 1079]})
    evidence = evidence_of("print(k)", k=concerts)
    assert wrong_pair("Na koncert K13 se prodalo 1 200 vstupenek.", "q", evidence) is not None  # its capacity
    assert wrong_pair("Na koncert K13 se prodalo 1 079 vstupenek.", "q", evidence) is None


@pytest.mark.parametrize("text, said", [
    ("Satış adedi Ocak'tan Haziran'a giderek azaldı.", "down"), ("Ciro Nisan'dan Mayıs'a %15,7 arttı.", "up"),
    ("Doanh thu giảm 12%.", "down"), ("Penjualan naik 4%.", "up"), ("Tržby klesly o 3 %.", "down"),
])
def test_a_change_is_read_in_the_locales_the_readers_know(text: str, said: str) -> None:
    from rlm_jupyter.engine.trust import forms

    assert forms.change_direction(text) == said


def test_distinct_is_read_in_the_locales_the_readers_know() -> None:
    from rlm_jupyter.engine.trust.counts import not_deduplicated

    plates = pd.DataFrame({"plate": ["29M5", "29M5", "30E1"]})
    evidence = evidence_of("print(len(p))", p=plates)
    assert not_deduplicated("Có 3 xe máy khác nhau.", "Có bao nhiêu xe máy khác nhau?", evidence) is not None
    assert not_deduplicated("Có 3 lượt xe.", "Có bao nhiêu lượt xe?", evidence) is None


def test_a_derivation_keeps_its_units_and_an_ambiguous_unit_converts_nowhere() -> None:
    from rlm_jupyter.engine.trust import localedata

    assert not traced("Only 20 m and 15 m.", "START-OF-LOG: 3.0", "15 m opened").grounded  # not 3.0 / 15 m
    assert traced("3.5 h in all: 1.5 h and 2.0 h.", "1.5", "2.0").grounded  # a sum of hours is hours
    assert "m" in localedata.ambiguous_unit_words() and "t" not in localedata.ambiguous_unit_words()
    assert not traced("It took 20 m.", "1174").grounded  # 1,174 s is no "20 m": minutes or metres
    assert traced("It took 20 min.", "1200").grounded
    assert traced("About 208.2 t (208,224.9 kg).", "208224.9").grounded  # tonnes, as English reads "t"


def test_a_date_searched_with_its_year_is_found_where_the_register_writes_none(engine: Engine) -> None:
    register = [f"24-{n:03} | {d:02}/05 | Hedgehog, {200 + n} g | found by a cyclist" for n, d in
                enumerate(range(1, 31), 1)] * 2
    search = "hits = [e for e in context if '14/05/2024' in e]\nprint(len(hits))"
    run = engine.run([fence("print(context[:3])"), fence(search), "FINAL(No animal was admitted on 14 May 2024.)"],
                     register, question="Was any animal admitted on 14 May 2024?", max_iterations=3)
    assert [v.gate for v in run.iterations[2].verdicts if v.action == "refused"] == ["nothing-found"]
    other_year = [e.replace("/05", "/05/2023") for e in register]
    ok = engine.run([fence("print(context[:3])"), fence(search), "FINAL(No animal was admitted on 14 May 2024.)"],
                    other_year, question="Was any animal admitted on 14 May 2024?")
    assert ok.status == "final" and len(ok.iterations) == 3, [v for it in ok.iterations for v in it.verdicts]


def test_a_filter_inside_loc_revises_the_mean_of_the_whole_column() -> None:
    import ast

    from rlm_jupyter.engine.trust.revisions import _reduction

    whole = {"tot": ast.parse("pd.concat([mt.home_runs, mt.away_runs])").body[0].value}  # type: ignore[attr-defined]
    part = {"kk": ast.parse("pd.concat([mt.loc[mt.home == 'KK', 'home_runs'], "  # type: ignore[attr-defined]
                            "mt.loc[mt.away == 'KK', 'away_runs']])").body[0].value}
    first = _reduction(ast.parse("round(tot.mean(), 1)").body[0].value, whole)  # type: ignore[attr-defined]
    later = _reduction(ast.parse("round(kk.mean(), 1)").body[0].value, part)  # type: ignore[attr-defined]
    assert first is not None and later is not None and first.revised_by(later, frozenset())
    assert not later.revised_by(first, frozenset())  # the whole after its part is context


@pytest.mark.parametrize("question, asks", [
    ("What is Kothrud Kings' average team total?", "one figure"), ("What is New York City's median rent?",
                                                                    "one figure"),
    ("Which region's sales were highest?", "one choice"),
])
def test_a_possessive_of_a_name_of_several_words_is_read_past(question: str, asks: str) -> None:
    from rlm_jupyter.engine.trust import forms

    assert forms.asks_for_one(question) == asks


def test_a_column_named_in_ascii_says_its_unit_and_gio_is_an_hour() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_unit

    cars = pd.DataFrame({"phut": [390.0, 402.4]})
    evidence = evidence_of("print(round(cars.phut.mean(), 1))", cars=cars)
    assert wrong_unit("Trung bình một ô tô đỗ khoảng 396,2 giờ.", evidence) is not None  # minutes, not hours
    assert wrong_unit("Trung bình một ô tô đỗ khoảng 396,2 phút.", evidence) is None
    assert [v.unit.factor for v in values("khoảng 6,6 giờ") if v.unit] == [3600]


@pytest.mark.parametrize("text, currency, value", [
    ("Ksh92,600 from KEVIN", "KES", "92600"), ("jumlah RM96,172.37", "MYR", "96172.37"), ("R740 per nag", "ZAR", "740"),
    ("R$1.200,50", "BRL", "1200.50"),
])
def test_an_amount_after_a_currency_symbol_of_letters_is_money(text: str, currency: str, value: str) -> None:
    found = values(text)
    assert [(v.currency, str(v.first)) for v in found] == [(currency, value)]


def test_more_locales_magnitudes_and_units_read_and_what_they_must_not_make_of_english() -> None:
    assert str(values("۳۵۸٫۷ میلیارد تومان")[0].first) == "358700000000.0"  # Persian digits and milliard
    assert str(values("Umbes 367 tuh külastust")[0].first) == "367000"  # Estonian thousands
    assert str(values("13.7 km/h")[0].first) == "13.7"  # not Catalan kM, milers de milions
    assert str(values("JA1VWW on 15 m.")[1].first) == "15"  # not an Afrikaans "m." of millions
    assert [v.unit for v in values("73 v auguste")] == [None]  # one letter is a unit only as English writes it
    assert [str(v.first) for v in values("model R2D2, R2 = 0.93")[-1:]] == ["0.93"]  # R2 is no amount of rand
    printed = Shown([Line(Where("output", 1, 1), 1, "Ksh40,000.00 float transferred. Balance Ksh26,986.40.", "")])
    assert printed.has(values("KES 40,000")[0]) and printed.has(values("Ksh26,986.40")[0])


@pytest.mark.parametrize("text, found", [
    ("з 15 по 21 липня 2024", [("15", "2024-07-15"), ("21 липня 2024", "2024-07-21")]),
    ("3-7 March 2024", [("3", "2024-03-03"), ("7 March 2024", "2024-03-07")]),
    ("12 of 15 March 2024", [("12", ""), ("15 March 2024", "2024-03-15")]),  # a count, not a range's start
    ("on 29/3/24 at 5:47 PM", [("29/3/24", "2024-03-29"), ("5:47 PM", "17:47")]),  # the day is past 12
    ("on 1/3/24", [("1/3/24", "2024-03-01")]),  # either order: a date of two readings, as 03/05/2024 is
])
def test_ranges_of_days_and_short_dates_whose_order_is_sure(text: str, found: list[tuple[str, str]]) -> None:
    assert [(v.text, v.key) for v in values(text)] == found
    assert [v.alternatives for v in values("on 1/3/24")] == [("2024-01-03",)]


def test_a_short_date_takes_the_order_a_long_text_of_the_data_writes_its_days_in() -> None:
    sms = ["Commission paid on 1/3/24 at 7:06 AM.", "on 29/3/24 at 5:47 PM Take Ksh1,100.00"] * 40
    out = "Commission paid on 1/3/24 at 7:06 AM."
    run = Run(id="r", question="When?", model="m", sub_model="s", context_names=["sms"],
              iterations=[Iteration(0, "r", cells=[CodeCell("print(sms[0])", stdout=out, shown=out)])])
    with_texts = Evidence.of([run], texts=["\n".join(sms)])
    assert not trace("On January 3, 2024.", with_texts, typed="On January 3, 2024.").grounded  # day first there
    assert trace("On 1 March 2024 (written 1/3/24).", with_texts, typed="On 1 March 2024 (written 1/3/24).").grounded
    assert trace("On January 3, 2024.", Evidence.of([run]), typed="On January 3, 2024.").grounded  # no order known
    # read either way, a short date no output showed is no scope of the answer: three figures, unseen
    record = traced("The record was 9/2/11 (W/D/L).", "wins 8\ndraws 3\nlosses 11")
    assert not record.grounded and record.unseen == ["9/2/11"]


@pytest.mark.parametrize("text, found", [
    ("between 1.XII.2024 and 31.III.2025.", [("1.XII.2024", "2024-12-01"), ("31.III.2025", "2025-03-31")]),
    ("logged as 17-II-2025", [("17-II-2025", "2025-02-17")]),
    ("chr6:118576703 T>G", [("chr6", "chr6"), ("118576703", "")]),  # a base a change starts from, no trillion
])
def test_roman_months_and_a_letter_a_change_starts_from(text: str, found: list[tuple[str, str]]) -> None:
    assert [(v.text, v.key) for v in values(text)] == found
    assert [v.kind for v in values("7-XIV-2024")] == ["token"]  # no month: no date
    assert [str(v.first) for v in values("$5M>$4M")] == ["5000000", "4000000"]  # a magnitude before a sign stays


@pytest.mark.parametrize("text, read", [
    ("Takriban Sh milioni 1.62", ["1620000.00"]),  # Swahili writes its magnitude before the digits (CLDR)
    ("bilioni 2,5 na elfu 3", ["2500000000.0", "3000"]),
    ("Ricavi in milioni 2024: 3,5", ["2024", "3.5"]),  # Italian's plural before a year: no magnitude
    ("in 2023 1 694", ["2023", "1", "694"]),  # a space alone joins no groups
    ("The population is 1 234 567.", ["1", "234", "567"]),  # as the printed side reads it: pieces, tried whole later
])
def test_magnitudes_written_before_the_digits(text: str, read: list[str]) -> None:
    assert [str(v.first) for v in values(text)] == read


def test_an_hours_end_and_a_unit_that_is_a_labels_name() -> None:
    from rlm_jupyter.engine.trust.claims import mentions

    assert traced("The busiest hour is 12:00–12:59, with 49 calls.", "čas\n12    49\n16    37").grounded
    assert not traced("The busiest hour is 12:00–12:58, with 49 calls.", "čas\n12    49\n16    37").grounded
    assert mentions("Najdlhší zásah trval 596 min.", ["min", "max"]) == []  # minutes, not describe()'s min
    assert [m.label for m in mentions("min 20, max 596", ["min", "max"])] == ["min", "max"]
    assert [m.label for m in mentions("5 intents desmuntats", ["intent desmuntat"])] == ["intent desmuntat"]


def test_a_layout_with_a_figure_no_output_shows_or_a_total_in_brackets_binds_nothing() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    results = pd.Series([56, 8, 5, 4], index=pd.Index(["descarregat", "intent", "intent desmuntat", "carregat"],
                                                     name="resultat"), name="count")
    evidence = evidence_of("print(r)", r=results)
    assert wrong_pair("A més, 4 es van carregar i 13 van quedar en intent (8 intents i 5 intents desmuntats).",
                      "q", evidence) is None  # 13 is 8 + 5, printed nowhere: no layout to read
    assert wrong_pair("Intent: 4, carregat: 8.", "q", evidence) is not None  # swapped, laid out plainly
    stats = pd.Series([320.0, 60.3, 60.3], index=pd.Index(["count", "mean", "50%"]), name="abv_pct")
    assert wrong_pair("Across the 320 casks the median strength is 60.3% (mean 60.3%).", "q",
                      evidence_of("print(s)", s=stats)) is None


@pytest.mark.parametrize("question, words, asks", [
    ("Яке господарство привезло найбільше зерна?", [("найбільше", "high")], "one choice"),
    ("Quina diada va obtenir més punts?", [("més", "high")], "one choice"),
    ("Na ktorom mieste bolo najviac zásahov?", [("najviac", "high")], "one choice"),
    ("Koji je brod doveo najviše putnika?", [("najviše", "high")], "one choice"),  # "je" is "is", no "je Monat"
    ("کدام محموله بیشترین قیمت را داشت؟", [("بیشترین", "high")], "one choice"),
    ("Kiek rungtynių laimėjo?", [], "one figure"), ("Koliko različitih brodova?", [], "one figure"),
    ("Wie hoch ist der Umsatz je Monat?", [], None),  # German "je" before its noun: one per month
])
def test_superlatives_which_and_how_many_in_the_new_locales(question: str, words: list[tuple[str, str]],
                                                            asks: str | None) -> None:
    from rlm_jupyter.engine.trust import forms

    assert [(s.word, s.direction) for s in forms.superlatives(question)] == words
    assert forms.asks_for_one(question) == asks


@pytest.mark.parametrize("text, said", [
    ("Külastajate arv kasvas juulist augustini 37,0%.", "up"), ("Ціна знизилась на 4 %.", "down"),
    ("قیمت کاهش یافت", "down"), ("Broj putnika je porastao.", "up"),
])
def test_a_change_is_read_in_the_new_locales(text: str, said: str) -> None:
    from rlm_jupyter.engine.trust import forms

    assert forms.change_direction(text) == said


def test_an_extreme_within_a_range_the_sentence_writes_is_judged_within_it() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    calls = pd.DataFrame({"day": pd.to_datetime([f"2024-{m:02d}-01" for m, n in zip(range(1, 9), [
        24, 19, 31, 11, 8, 33, 65, 73]) for _ in range(n)])})
    evidence = evidence_of("print(calls.groupby(calls.day.dt.month).size())", calls=calls)
    never = lambda label: False  # noqa: E731 - code selected nothing
    assert wrong_extreme("January to March hold 19 to 31 call-outs a month (the most in March, 31).", "q",
                         evidence, never) is None
    assert wrong_extreme("The most call-outs came in March (31).", "q", evidence, never) is not None
    assert wrong_extreme("January to March hold 19 to 31 call-outs a month (the most in January, 24).", "q",
                         evidence, never) is not None


def test_a_local_time_of_a_utc_time_and_an_hmm_of_printed_minutes() -> None:
    stamp = "2024-08-15 12:54:00"
    assert traced("Der letzte Datensatz trägt 12:54 Uhr UTC, also 14:54 Uhr MESZ.", stamp).grounded
    assert traced("Logged at 06:24 UTC, i.e. 08:24 in Hamburg.", "2024-08-13 06:24:00").grounded
    assert not traced("Logged at 06:24 UTC, i.e. 08:31 in Hamburg.", "2024-08-13 06:24:00").grounded  # not whole hours
    assert not traced("Logged at 06:24, i.e. 08:24 in Hamburg.", "2024-08-13 06:24:00").grounded  # no UTC named
    assert traced("Median flight 1:19 (79 min).", "flyslæb    79.0").grounded
    assert not traced("Median flight 1:19.", "flyslæb    79.0").grounded  # minutes read nowhere: a time of day


def test_a_price_named_by_its_currency_and_unit_is_a_rate_not_an_amounts_column() -> None:
    from rlm_jupyter.engine.trust.claims import _names_rate

    assert _names_rate("preco_eur_arroba") and _names_rate("eur_per_kg") and _names_rate("€/h")
    assert not _names_rate("amount_eur") and not _names_rate("takings_baht")


def test_nordic_superlatives_the_median_opening_a_compound_and_japanese_counters() -> None:
    from rlm_jupyter.engine.trust import forms
    from rlm_jupyter.engine.trust.claims import mentions

    assert [(s.word, s.direction) for s in forms.superlatives("Hvilket fly havde flest starter?")] == [("flest", "high")]
    assert forms.asks_for_one("Hvilket fly havde flest starter?") == "one choice"
    assert [(s.word, s.direction) for s in forms.superlatives("the largest city")] == [("largest", "high")]
    assert forms.asks_for_one("純米酒は何本ありますか？") == "one figure"
    assert [m.label for m in mentions("Medianflyvetiden er 63,0 minutter.", ["50%", "mean"])] == ["50%"]
    assert [m.label for m in mentions("Meanwhile the mean held.", ["50%", "mean"])] == ["mean"]  # no compound


def test_the_reviews_cases_of_this_rounds_readings() -> None:
    """Each input a review of this round's rules tried against them, on the side it must fall."""
    from rlm_jupyter.engine.trust import forms
    from rlm_jupyter.engine.trust.claims import _names_rate, mentions, wrong_pair, wrong_trend

    assert [v.kind for v in values("Orders rose to 13 after 15 June.")] == ["number", "date"]  # no range
    assert [v.kind for v in values("Week 7 - 2024-03-15")] == ["number", "date"]
    assert [v.text for v in values("Weeks 3,4, and 5 peaked.")] == ["3", "4", "5"]
    assert values("15/08/97")[0].key == "1997-08-15"
    assert [v.currency for v in values("RM3 is the room with 40 units.")] == ["", ""]  # a room, no ringgit
    assert [str(v.first) for v in values("The sensor drew 12 mA.")] == ["12"]  # no Afrikaans "ma." (milliard)
    assert [v.unit for v in values("Le délai est de 12 j.")] == [None]  # no joule
    assert not traced("The mean was 250 ms and the max 254 ms.", "231", "254").grounded  # no rounding joined
    assert not traced("began 06:24 UTC and ended 09:24 UTC", "2024-08-13 06:24:00").grounded
    assert not traced("The last sale was at 17:59.", "total sales 17").grounded
    assert not traced("left at 1:19 and took 45 min", "seats 79", "45").grounded
    for question in ("¿Qué tienda vendió más de 100 unidades?", "¿Qué tienda vendió más, Norte o Este?",
                     "Vilken butik sålde minst 100 enheter?"):
        assert forms.superlatives(question) == [], question
    assert forms.asks_for_one("Which cat breed is the most popular?") == "one choice"
    assert forms.asks_for_one("Koliko je Ana prodala?") == "one figure"
    assert forms.change_direction("Palo Alto sales rose 5.2%") == "up"
    assert forms.change_direction("Broj putnika se povećao.") == "up"
    assert not _names_rate("usd_revenue")
    assert [m.label for m in mentions("Ventes en mai; sales may rise", ["May"])] == ["May"]
    cities = pd.DataFrame({"city": ["Paris", "Lyon"], "revenue": [2525.5, 970.5]}).set_index("city").revenue
    assert wrong_pair("Paris (970.50) brought in more than Lyon (2,525.50), a gap of 1,555.", "q",
                      evidence_of("print(c)", c=cities)) is not None  # a figure after the layout leaves it alone
    totals = pd.Series([200.25, 150.5], index=pd.Index(["EUR", "GBP"], name="currency"))
    assert wrong_pair("Totals: 200.25 GBP, 150.5 EUR", "q", evidence_of("print(t)", t=totals)) is not None
    visits = pd.Series([100, 90, 80, 70], index=pd.Index([1, 2, 3, 4], name="month"), name="visits")
    assert wrong_trend("The data runs from 2020 to 2024. Visits rose every month.",
                       evidence_of("print(v)", v=visits)) is not None


def test_a_row_code_selected_is_a_selection_though_it_prints_as_a_record(engine: Engine) -> None:
    cities = pd.DataFrame({"city": ["Paris", "Lyon", "Nice", "Lille"], "region": ["IDF", "ARA", "PACA", "HDF"],
                           "orders": [22, 9, 7, 2], "revenue": [2525.5, 970.5, 980.0, 150.0]})
    run = engine.run([fence("print(context.head(2))"), fence("print(context.nlargest(1, 'revenue'))"),
                      "FINAL(Paris has the highest revenue, 2,525.50.)"], cities,
                     question="Which city has the highest revenue?")
    assert run.status == "final" and len(run.iterations) == 3, [v for it in run.iterations for v in it.verdicts]


def test_a_bare_when_in_a_question_for_yes_or_no_joins_a_condition_and_asks_for_no_date() -> None:
    from rlm_jupyter.engine.trust.forms import asks_when

    assert not asks_when("Is the wind stronger when the pressure is low?")
    assert not asks_when("Does the bus run late when it rains?")
    assert asks_when("When was the first gust?") and asks_when("Did it rain, and when?")
    assert asks_when("Was the peak in which month?") and asks_when("Quand a-t-il plu ?")
    for question in ("Was there an outage and when did it start?", "Was there an outage? If so, when did it start?",
                     "Did it rain? When did it start?", "Can you tell me when the pump failed?",
                     "Did it rain, and when exactly?", "Did it rain, and when？"):
        assert asks_when(question), question


def test_a_question_is_read_from_the_sentence_that_asks_not_the_scene_before_it() -> None:
    from rlm_jupyter.engine.trust.forms import asking_part, asks_for_one

    scene = "In the morning rush trams come every 6 minutes. How often does line 4 leave Tondi between 7 and 9?"
    assert asking_part(scene).startswith("How often") and asks_for_one(scene) == "one figure"
    # the other way: an abbreviation is no sentence's end, what follows the question is kept, one sentence with
    # "each" still asks per group, and two questions ask two things
    for name in ("Dr. Sá", "Mrs. Lee", "Prof. Ng", "Acme Inc. Pay"):
        assert asks_for_one(f"How many visits did {name} make?") == "one figure", name
    assert asks_for_one("What is the average amount? Give it for each store.") is None
    assert asks_for_one("How many trams leave each stop every hour?") is None
    assert asks_for_one("How many orders were placed? Also, which store had the most?") is None
    started = time.perf_counter()
    asks_for_one("Decode " + "A" * 40_000 + " now. How many rows?")
    assert time.perf_counter() - started < 15  # a generous bound: the quadratic reading took 27 s for it


# -- where a figure or a superlative belongs, read from the sentence's structure ------------------------------------
BATTERS = pd.DataFrame({"runs": [703, 398, 303], "hs": [115, 104, 42]},
                       index=pd.Index(["Perera", "Fernando", "Silva"], name="batter"))


@pytest.mark.parametrize("answer, refused", [
    ("Perera: 703 runs (highest score 115), almost twice as many as Fernando with 398.", False),
    ("Perera made 703; Fernando (the highest run total) made 398.", True),  # the bracket's own label
    ("The batter (with the most runs) was Fernando.", True),  # a bracket with no figure: read as any clause
    ("Perera is second; the leader (most runs overall) is Fernando.", True),
])
def test_a_superlative_in_brackets_names_what_the_bracket_follows(answer: str, refused: bool) -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    evidence = evidence_of("print(batters)", batters=BATTERS)
    assert (wrong_extreme(answer, "Who scored the most runs?", evidence, lambda label: False) is not None) == refused


@pytest.mark.parametrize("answer, refused", [
    ("706 departures, from 3 lines (1, 12 and 3).", False),  # the three lines, by their numbers
    ("706 departures, from 12 lines.", True),  # Balti jaam's figure
    ("706 departures, from 3 lines (12 of them at night).", True),  # one figure for three: no list of names
])
def test_figures_in_a_bracket_that_lists_what_a_count_counts_are_names(answer: str, refused: bool) -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    lines = pd.Series({"Hobujaama": 3, "Balti jaam": 12, "Kopli": 2}, name="lines")
    departures = pd.Series({"Hobujaama": 706, "Balti jaam": 471}, name="departures")
    evidence = evidence_of("print(departures)\nprint(lines)", lines=lines, departures=departures)
    question = "How many departures does Hobujaama get, and from how many lines?"
    assert (wrong_pair(answer, question, evidence) is not None) == refused


def test_a_row_of_text_alone_shows_no_figure_against_the_answers() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    receipt = pd.Series({"Receipt No.": "SESBKNXLA0", "Completion Time": "2024-05-10 10:29:07",
                         "Details": "Customer Payment to Small Business", "Transaction Status": "Completed",
                         "Paid In": 38800.0, "Withdrawn": 0.0, "Balance": 274260.75})
    evidence = evidence_of("print(receipt.to_string())", receipt=receipt)
    assert wrong_pair("Receipt SESBKNXLA0: KSh 38,800.00 on 10 May 2024.", "Which receipt was the biggest payment?",
                      evidence) is None
    totals = pd.DataFrame({"paid_in": [120.0, 38800.0], "items": [3, 1]}, index=pd.Index(["Receipt", "Refund"]))
    against = evidence_of("print(totals)", totals=totals)
    assert wrong_pair("Receipt: 38,800.", "q", against) is not None  # a row with a figure: the other row's


@pytest.mark.parametrize("answer, refused", [
    ("More on the road: 21 points a game in 6 away games against 19.86 in 7 home games.", False),  # games
    ("He wears shirt 7.", True),  # the column's own word: Petrauskas's number
    ("Him: 7.", True),  # a figure laid out for its label, counting nothing else
    ("Kazlauskas wears 7 all season.", True),  # a function word after it: no noun counted
    ("Kazlauskas: 7 was his number.", True),
    ("Kazlauskas: 7.0 games.", True),  # not a count as written
    ("He is 198 cm tall.", True),  # a figure of two digits or more still answers for its row
])
def test_a_one_digit_count_naming_no_column_is_no_other_rows_figure(answer: str, refused: bool) -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    roster = pd.DataFrame({"shirt": [4, 7], "height_cm": [191, 198]}, index=pd.Index(["Kazlauskas", "Petrauskas"]))
    evidence = evidence_of("print(roster)", roster=roster)
    assert (wrong_pair(answer, "Does Kazlauskas score more at home?", evidence) is not None) == refused


@pytest.mark.parametrize("answer, refused", [
    ("The team played 4 matches, won only 1.", False),  # matches are the 4's word, not the 1's
    ("The team played 4 matches and won only 1.", False),
    ("The team played 1 match.", True),  # October's wins, named as its matches
    ("By wins, October had 4.", True),  # a comma with no figure before it cuts nothing
])
def test_the_words_of_a_figure_stop_at_the_figure_before_it(answer: str, refused: bool) -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    months = pd.DataFrame({"matches": [4, 6], "wins": [1, 5]}, index=pd.Index(["October", "November"]))
    evidence = evidence_of("print(months)", months=months)
    assert (wrong_pair(answer, "How did the team do in October?", evidence) is not None) == refused


@pytest.mark.parametrize("answer, refused", [
    ("Marca fetched 41.13 €/arroba on average.", False),  # a price per arroba, not the arrobas
    ("Marca fetched 41.13 € per arroba on average.", False),
    ("Marca: 41.13 arrobas were cut.", True),  # marca's price, named as its arrobas
    ("Ordenado por arrobas marca tiene 41,13.", True),  # "por" as "by", after no figure: names the column
    ("Measured per arrobas marca has 41.13.", True),
])
def test_the_word_a_rate_is_per_names_no_column(answer: str, refused: bool) -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    calibre = pd.DataFrame({"arrobas": [15388, 9480], "preco": [41.13, 28.93]}, index=pd.Index(["marca", "delgada"]))
    evidence = evidence_of("print(calibre)", calibre=calibre)
    assert (wrong_pair(answer, "How does the price depend on the calibre?", evidence) is not None) == refused


@pytest.mark.parametrize("answer, refused", [
    ("Both climbed from April into summer, but they peaked a month apart.", False),  # several things, not April
    ("Launches began in April, and it was the busiest month.", True),  # one thing: the sentence's one label
])
def test_a_plural_pronoun_refers_no_superlative_to_one_label(answer: str, refused: bool) -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    launches = pd.Series({"April": 14, "May": 20, "June": 46, "July": 51}, name="launches")
    evidence = evidence_of("print(launches)", launches=launches)
    assert (wrong_extreme(answer, "How did launches develop?", evidence, lambda label: False) is not None) == refused
    batters = evidence_of("print(batters)", batters=BATTERS)  # German "sie" is she as well as they
    assert wrong_extreme("Fernando: sie hat die meisten Runs.", "q", batters, lambda label: False) is not None


@pytest.mark.parametrize("answer, refused", [
    ("Aerotows rose 14 → 20 → 46 and peaked in July at 51.", False),  # a series over rows, in their order
    ("Aerotows: 46 in July.", True),  # June's figure stated for July
    ("Aerotows climbed 14 → 46 in July.", True),  # no consecutive rows: no series
    ("Aerotows went 20 → 46 for July.", True),  # May and June's, but its end tied to July
    ("Aerotows rose 14 → 20 → 46 in June.", False),  # tied to its own row
])
def test_figures_an_arrow_chains_are_a_series_not_the_next_labels(answer: str, refused: bool) -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    launches = pd.Series({"April": 14, "May": 20, "June": 46, "July": 51}, name="aerotows")
    evidence = evidence_of("print(launches)", launches=launches)
    assert (wrong_pair(answer, "How did aerotows develop?", evidence) is not None) == refused


def test_a_speed_is_read_as_a_rate_in_its_unit() -> None:
    """"65 km/h" is a speed, not 65 km; knots, m/s and mph too, in English and as other locales write a rate."""
    for text, factor in (("65 km/h", Decimal(1000) / 3600), ("5 m/s", Decimal(1)), ("60 mph", Decimal("0.44704")),
                         ("12 knots", Decimal(1852) / 3600), ("12 км/ч", Decimal(1000) / 3600)):
        (value,) = values(text)
        assert value.text == text and value.unit is not None, text
        assert (value.unit.dimension, value.unit.factor) == ("speed", factor), text
    assert values("5 m per second")[0].unit is None  # a rate in words stays a figure of no unit
    assert [v.text for v in values("2nd place, 3 nós")] == ["2", "3"]  # no other locale's word for a knot


def test_a_speed_printed_in_one_unit_and_answered_in_another_is_caught() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_unit

    obs = pd.DataFrame({"gust_kt": [41.0, 65.0], "wind_ms": [12.1, 18.4], "tuul_m_s": [12.1, 18.4]})
    gust = evidence_of("print(obs.gust_kt.max())", obs=obs)
    assert wrong_unit("The strongest gust was 65 km/h.", gust) is not None  # ``_kt``: knots
    assert wrong_unit("The strongest gust was 65 knots.", gust) is None
    for column in ("wind_ms", "tuul_m_s"):  # ``_ms`` beside a speed is m/s, not milliseconds; "_m_s" writes its "/"
        wind = evidence_of(f"print(obs.{column}.max())", obs=obs)
        assert wrong_unit("Wind up to 18.4 km/h.", wind) is not None, column
        assert wrong_unit("Wind up to 18.4 m/s.", wind) is None, column
    fixes = pd.DataFrame({"utc": ["10:14", "09:18"], "knots": [11.2, 10.7]})
    table = evidence_of("print(fixes.nlargest(2, 'knots'))", fixes=fixes)  # a column named by its unit alone
    assert wrong_unit("11.2 km/h at 10:14.", table) is not None
    assert wrong_unit("11.2 knots at 10:14.", table) is None
    laps = pd.DataFrame({"lap_ms": [81234, 80555], "speed": [182.4, 185.1]})
    # the printed column names no unit: a lap time's "_ms" the code selected by is no speed's unit
    assert wrong_unit("185.1 km/h.", evidence_of("print(laps.loc[laps.lap_ms.idxmin(), 'speed'])", laps=laps)) is None
    fares = pd.DataFrame({"brzina_kmh": [80, 95], "cijena": [300, 450]})
    assert values("450 kn")[0].unit is None  # the kuna's sign, not a knot
    assert wrong_unit("Stajala je 450 kn.", evidence_of("print(t.loc[t.brzina_kmh.idxmax(), 'cijena'])", t=fares)) is None
    printed = evidence_of("for s, g in obs.gust_kt.items():\n    print(f'{s} {g * 1.852:.0f} km/h')", obs=obs)
    assert wrong_unit("A gust of 120 km/h.", printed) is None  # the unit beside the figure, "/" and all


def test_a_speed_converted_in_the_head_is_traced_but_not_from_a_raw_line_of_the_data() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_unit

    converted = traced("11.2 knots, about 20.7 km/h.", "knots    11.2")
    assert converted.grounded and converted.sources[1].kind == "derived", converted.sources
    trips = pd.DataFrame({"distance_km": [5.7, 2.55], "duration_min": [19.6, 13.7]})
    speed = evidence_of("print(trips.head())\ns = trips.distance_km / (trips.duration_min / 60)\n"
                        "print(round(s.mean(), 1))", trips=trips)
    # 13.7 is also a trip's minutes in the table, but the line that computed it converted: no unit is said
    assert wrong_unit("About 13.7 km/h on average.", speed) is None
    sentence = "$GPRMC,062600.00,A,5332.7011,N,00957.4286,E,6.4,264.2,130824,,,A*53"
    cells = [CodeCell("print(nmea[:68])", stdout=sentence, shown=sentence)]
    run = Run(id="r", question="q", model="m", sub_model="s", context_names=["nmea"],
              iterations=[Iteration(0, "r", cells=cells)])
    raw = trace("Around 12 knots.", Evidence.of([run], texts=[sentence + "\n"]), typed="Around 12 knots.")
    assert not raw.grounded  # 6.4 of a GPS sentence is no m/s the model read: 12 knots is from memory
    assert trace("Around 12 knots.", Evidence.of([run]), typed="Around 12 knots.").grounded  # not data: a result


def test_a_codes_plural_and_two_figures_between_their_labels_are_paired() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    qual = pd.Series([637.4, 688.3], index=pd.Index(["SNV", "indel"], name="type"), name="QUAL")
    evidence = evidence_of("print(s)", s=qual)
    question = "Do SNVs or indels have the higher mean QUAL?"
    # "SNVs" names the row ``SNV``: a code's capitals and a small "s"
    assert wrong_pair("The SNVs: mean QUAL 688.3 against 637.4 for the indels.", question, evidence) is not None
    assert wrong_pair("The SNVs: mean QUAL 637.4 against 688.3 for the indels.", question, evidence) is None
    heights = pd.Series([1454.0, 943.0], index=pd.Index(["flyslæb", "spil"], name="start"), name="max_hoejde_m")
    launches = evidence_of("print(h)", h=heights)
    # label, figure, figure, label: each figure beside its own label, whatever the words between them
    assert wrong_pair("Efter spil: i snit 1.454 m mod 943 m efter flyslæb.", "q", launches) is not None
    assert wrong_pair("Efter spil: i snit 943 m mod 1.454 m efter flyslæb.", "q", launches) is None
    crowds = pd.Series([2808.5, 4502.1], index=pd.Index(["išvykoje", "namie"], name="vieta"), name="žiūrovai")
    # a label a dash joins to the figure after it announces that figure: not figure, label, figure, label
    assert wrong_pair("Namų rungtynes stebėjo 4 502,1 žiūrovo, išvykoje – 2 808,5: namie daugiau.", "q",
                      evidence_of("print(c)", c=crowds)) is None
    assert wrong_pair("4 502,1 žiūrovo išvykoje, 2 808,5 namie.", "q", evidence_of("print(c)", c=crowds)) is not None
    days = pd.DataFrame({"size": [200, 240]}, index=pd.Index(["2024-08-13", "2024-08-14"], name="utc"))
    gps = "$GPRMC,062400.00,A,5332.7278,N,00957.7986,E,7.1,259.5,130824,,,A*59"
    run = Run(id="r", question="q", model="m", sub_model="s", context_names=["nmea"], iterations=[Iteration(0, "r", cells=[
        CodeCell("print(nmea[:67])", stdout=gps, shown=gps),
        CodeCell("print(d)", stdout=days.to_string(), shown=days.to_string())])])
    quoted = "On 2024-08-13: the first sentence has the date field 130824."
    # a figure only a verbatim line of the data showed is quoted from the record, not stated for the day's row
    assert wrong_pair(quoted, "q", Evidence.of([run], texts=[gps * 3])) is None
    hosts = pd.DataFrame({"requests": [5400, 2200]}, index=pd.Index(["alpha", "beta"], name="host"))
    raw = "$LOG,2024-08-13,10:01:09,host=beta,bytes=7342,status=200"
    logged = Run(id="r", question="q", model="m", sub_model="s", context_names=["log"], iterations=[
        Iteration(0, "r", cells=[CodeCell("print(log[:56])", stdout=raw, shown=raw),
                                 CodeCell("print(h)", stdout=hosts.to_string(), shown=hosts.to_string())])])
    # stated as the table's column, a raw line's figure is checked against the label's row
    assert wrong_pair("Host alpha made 7342 requests.", "q", Evidence.of([logged], texts=[raw * 3])) is not None
    wins = pd.Series([12, 9], index=pd.Index(["Arsenal", "Chelsea"], name="team"), name="wins")
    # a dash between pairs, with no clause before it, still lays each figure before its label
    assert wrong_pair("9 wins Arsenal – 12 wins Chelsea.", "q", evidence_of("print(w)", w=wins)) is not None
    cities = pd.DataFrame({"visits": [1500, 1100], "bookings": [900, 400]}, index=pd.Index(["Paris", "Lyon"]))
    # two columns of one row before the other label are that row's: no pair across them
    assert wrong_pair("Paris: 1,500 visits and 900 bookings, both above Lyon.", "q",
                      evidence_of("print(t)", t=cities)) is None
    passed = pd.Series([0.924, 0.950], index=pd.Index(["SNV", "indel"], name="type"), name="PASS")
    both = evidence_of("print(s)\nprint(p.map('{:.1%}'.format))", s=qual, p=passed)
    # a comparison after a comma starts another clause: 95.0% is not the SNVs' because they were named before it
    assert wrong_pair("The indels have 688.3 against 637.4 for the SNVs, and 95.0% of the indels pass versus "
                      "92.4% of the SNVs.", question, both) is None


def _searched(code: str, ns: dict[str, Any], names: list[str]) -> Any:
    from rlm_jupyter.engine.trust.search_again import refound

    run = Run(id="r", question="q", model="m", sub_model="s", context_names=names,
              iterations=[Iteration(0, "r", cells=[CodeCell(code, stdout="0")])])
    return refound(run, ns, names)


@pytest.mark.parametrize("days, searched, written", [
    (["1. 4. 2024.", "13. 9. 2024.", "15. 9. 2024."], "2024-09-15", "15. 9. 2024."),  # Croatian
    (["6/4-2024", "20/7-2024", "21/7-2024"], "20-07-2024", "20/7-2024"),  # Danish: day/month-year
    (["14.II.2025", "17.II.2025", "3.III.2025"], "2025-02-17", "17.II.2025"),  # a Roman month
    (["4/13/2024", "9/15/2024", "4/1/2024"], "2024-09-15", "9/15/2024"),  # month first: 13 is a day
    (["2024.04.17", "2024.09.15"], "15/09/2024", "2024.09.15"),
    (["4/13/2024", "9/15/2024", "4/1/2024"], "2024-01-04", None),  # 4/1 is 1 April in a month-first column
    (["1. 4. 2024.", "13. 9. 2024."], "2024-09-15", None),  # the day is not there
    (["05.03.2024", "07.03.2024", "01.02.2024"], "2024-05-03", None),  # a dot never writes the month first
    (["12-XIV-2024", "3-IV-2024", "5-IV-2024"], "2024-04-03", "3-IV-2024"),  # letters that are no month are no day
])
def test_a_searched_day_is_found_in_the_way_a_column_writes_its_days(days: list[str], searched: str,
                                                                      written: str | None) -> None:
    frame = pd.DataFrame({"datum": days * 3, "brod": ["Star Dalmatia", "Nordic Dawn", "Regal Adria"][:len(days)] * 3})
    found = _searched(f"print(len(k[k.datum == '{searched}']))", {"k": frame}, ["k"])
    assert (found.data_has if found is not None else None) == written, found


def test_a_searched_day_is_found_among_the_days_a_text_writes() -> None:
    book = "\n".join(f"{d}.{m}.2025 call-out {n}: a hiker on the ridge" for n, (d, m) in enumerate(
        [(14, "II"), (17, "II"), (3, "III"), (21, "III")] * 10))
    found = _searched("print([l for l in book.splitlines() if '17.02.2025' in l])", {"book": book}, ["book"])
    assert found is not None and found.data_has == "17.II.2025"
    assert _searched("print([l for l in book.splitlines() if '18.02.2025' in l])", {"book": book}, ["book"]) is None


@pytest.mark.parametrize("blocks, answer, refused", [
    # each row netted of another column: the gross sum is stale once the net one is printed
    (["print(context.ms.sum())", "print((context.ms * (1 - (context.status >= 500))).sum())"], "50.0 ms", True),
    (["print(context.ms.sum())", "print((context.ms * (1 - (context.status >= 500))).sum())"], "20.0 ms", False),
    # a unit converted by a constant is the same figure, not a revision of it; other measures made of the column
    (["print(context.ms.sum())", "print((context.ms / 1000).sum())"], "50.0 ms", False),
    (["print(context.ms.sum())", "print((context.ms * context.status).sum())"], "50.0 ms", False),
    (["print(context.ms.sum())", "print((context.ms - context.status).sum())"], "50.0 ms", False),
    (["print(context.ms.sum())", "spread = context.ms.sum() - context.status.sum()\nprint(spread)"], "50.0 ms", False),
    (["print(context.ms.mean())", "print(context.ms.mean() - context[context.status == 200].ms.mean())"],
     "7.1 ms", False),
    # the result netted of another of the data's figures, through a name, after the data's name was bound to itself
    (["context = context.sort_values('ms')\nprint(context.ms.sum())",
      "net = context.ms.sum() - context[context.status == 500].ms.sum()\nprint(net)"], "50.0 ms", True),
    (["context = context.sort_values('ms')\nprint(context.ms.sum())",
      "net = context.ms.sum() - context[context.status == 500].ms.sum()\nprint(net)"], "20.0 ms", False),
])
def test_a_sum_netted_of_other_figures_revises_the_gross_one(engine: Engine, blocks: list[str], answer: str,
                                                             refused: bool) -> None:
    run = engine.run([fence(b) for b in blocks] + [f"FINAL({answer})"], LOG.copy(),
                     question="What is the total time?", max_iterations=len(blocks) + 1)
    gates = [v.gate for v in run.iterations[-1].verdicts if v.action == "refused"]
    assert gates == (["stale-figure"] if refused else []), run.iterations[-1].verdicts


def _counted_lines(log: str) -> tuple[Run, Evidence]:
    """A run over the text ``log`` whose one block printed its number of lines, and the evidence of it."""
    lines = f"{len(log.splitlines())}\n"
    cells = [CodeCell("print(len(log.splitlines()))", stdout=lines, shown=lines)]
    run = Run(id="r", question="q", model="m", sub_model="s", context_names=["log"],
              iterations=[Iteration(0, "r", cells=cells)])
    return run, Evidence.of([run], texts=[log])


def test_a_passage_quoted_verbatim_from_the_data_sources_its_figures_and_an_altered_one_does_not() -> None:
    log = "\n".join(f"METAR ENTC {day:02d}2220Z 270{day + 10}KT 9999 BKN0{day + 10} 03/01 Q09{day + 60}="
                    for day in range(1, 29))
    run, evidence = _counted_lines(log)
    quote = "METAR ENTC 222220Z 27032KT 9999 BKN032 03/01 Q0982="
    kept = trace(f"The report reads `{quote}`.", evidence, typed="...")
    assert kept.grounded and {s.where for s in kept.sources} == {QUOTED_DATA} and all(s.loose for s in kept.sources)
    assert kept.sources[0].line == quote and "quotes verbatim" in kept.sources[0].how
    run.grounding = kept  # the report's note says where, and why it is weaker evidence
    assert "no output printed this passage" in sources_text(run)[1] and "quotes verbatim" in sources_text(run)[1]
    # one figure changed: the passage is not the data's, and its figures have no source
    altered = trace(f"The report reads `{quote.replace('Q0982', 'Q0992')}`.", evidence, typed="...")
    assert not altered.grounded and "Q0992" in altered.unseen
    # the same passage unquoted is no quotation, but the data's text writes it word for word
    unquoted = trace(f"The report reads {quote}.", evidence, typed="...")
    assert unquoted.grounded and len(unquoted.sources) == 7
    assert all("word for word" in s.how for s in unquoted.sources)


def test_a_phrase_the_datas_text_writes_word_for_word_sources_its_figure_in_the_same_unit_only() -> None:
    book = ("18.I.2025, 16:54. Žiarska dolina: avalanche, one fully buried, located by transceiver and dug out "
            "after 22 min. Flown to Poprad.\n2.II.2025, 11:02. Skalnaté pleso: skier fell, dug out after 3 h.")
    cells = [CodeCell("print(book[:40])", stdout=book[:40] + "\n", shown=book[:40] + "\n")]
    run = Run(id="r", question="q", model="m", sub_model="s", context_names=["book"],
              iterations=[Iteration(0, "r", cells=cells)])
    evidence = Evidence.of([run], texts=[book])
    kept = trace("One skier was fully buried and dug out after 22 minutes.", evidence, typed="...")
    assert kept.grounded and kept.sources[0].where == QUOTED_DATA and "word for word" in kept.sources[0].how
    # the other way: another figure, another unit, or words the data does not write
    for answer in ("One skier was fully buried and dug out after 25 minutes.",
                   "One skier was fully buried and dug out after 22 hours.",
                   "One skier was rescued from the snow after 22 minutes."):
        assert not trace(answer, evidence, typed="...").grounded, answer
    # a figure that is only a piece of the data's (a sign, a decimal), a value the phrase holds only in part
    notes = ("It was -12 degrees below normal at noon. A skier was found 2.5 km from the mountain hut. The skier "
             "was dug out after 22.5 minutes. Buried in the avalanche on January 3, 2025; dug out after 3 h.")
    counted = [CodeCell("print(len(notes))", stdout="171\n", shown="171\n")]
    pieces = Evidence.of([Run(id="r", question="q", model="m", sub_model="s", context_names=["notes"],
                              iterations=[Iteration(0, "r", cells=counted)])], texts=[notes])
    for answer in ("It was 12 degrees below normal.", "A skier was found 5 km from the mountain hut.",
                   "The skier was dug out after 22", "Buried in the avalanche on January 18, 2025.",
                   "They were dug out after 3 h 20 min.", "1976", "after 3"):
        assert all(s.where != QUOTED_DATA for s in trace(answer, pieces, typed="...").sources), answer
    assert trace("The skier was dug out after 22.5 minutes", pieces, typed="...").grounded


def test_a_code_the_datas_text_writes_as_a_word_has_its_source_there() -> None:
    log = "\n".join(f"METAR LZTT {day:02d}0320Z 27004KT CAVOK M{day:02d}/M{day + 2:02d} Q10{day + 10}="
                    for day in range(1, 21))
    _, evidence = _counted_lines(log)
    kept = trace("The coldest report wrote M13.", evidence, typed="...")
    assert kept.grounded and kept.sources[0].where == QUOTED_DATA and "code the data" in kept.sources[0].how
    assert kept.sources[0].line.startswith("METAR LZTT 110320Z")  # the first line that writes it (a dew point)
    # a code the data does not write as a word of its own: not a source (M25 is in no report; "Q101" only inside
    # "Q1011")
    for answer in ("The coldest report wrote M25.", "The pressure was Q101."):
        assert not trace(answer, evidence, typed="...").grounded, answer


# -- stop 57: what a tuning set of answers in other languages and layouts showed ------------------------------------
def test_a_choice_named_nowhere_in_the_whole_table_of_choices_is_refused() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    bikes = pd.Series([78, 67, 54], index=pd.Index(["Honda Vision", "Honda Air Blade", "Yamaha NVX"], name="xe"),
                      name="count")
    asked = "Which bike was rented most often?"
    whole = evidence_of("print(bikes)", bikes=bikes)
    assert wrong_extreme("The Honda SH Mode, the tourists' favourite scooter.", asked, whole, lambda _: False)
    assert wrong_extreme("The Honda Vision, the tourists' favourite scooter.", asked, whole, lambda _: False) is None
    # a table of some rows only (the choice may be among the others), or a question for no one choice: no claim
    some = evidence_of("print(bikes.head(2))", bikes=pd.concat([bikes] * 4))
    assert wrong_extreme("The Honda SH Mode.", asked, some, lambda _: False) is None
    assert wrong_extreme("The Honda SH Mode.", "Which bikes were rented?", whole, lambda _: False) is None


@pytest.mark.parametrize("text, direction", [
    ("दूध संग्रह अप्रैल से जून तक 15.5% बढ़ा।", "up"), ("दूध 5% घटा", "down"), ("売上は10%減少した", "down"),
    ("销量增长了5%", "up"), ("매출이 증가했다", "up"), ("הכנסות ירדו ב-5%", "down"), ("המכירות גדלו", "up"),
    ("تراجع الطلب", "down"), ("ยอดขายลดลง", "down"), ("Продажбите намаляха", "down"),
    # a word that only starts like one: "बढ़िया" (excellent), "לירדן" (to Jordan)
    ("बढ़िया सेवा", None), ("נסענו לירדן", None),
])
def test_rises_and_falls_are_read_in_every_script_the_readers_know(text: str, direction: str | None) -> None:
    from rlm_jupyter.engine.trust import forms

    assert forms.change_direction(text) == direction


def test_a_fall_reported_as_a_rise_in_hindi_is_refused() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_direction, wrong_trend

    milk = pd.Series([12055.9, 11236.8, 10192.6], index=pd.Index(["2024-04", "2024-05", "2024-06"], name="महीना"),
                     name="लीटर")
    evidence = evidence_of("print(milk)", milk=milk)
    for answer, refused in (("दूध संग्रह अप्रैल से जून तक 15.5% बढ़ा।", True), ("दूध संग्रह अप्रैल से जून तक 15.5% घटा।", False)):
        assert ((wrong_trend(answer, evidence) or wrong_direction(answer, evidence)) is not None) == refused, answer


def test_a_row_of_the_answers_own_markdown_table_is_its_first_cells() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    by_bike = pd.DataFrame({"luot": [49, 64], "doanh_thu": [27480000, 25560000]},
                           index=pd.Index(["Yamaha NVX", "Honda Air Blade"], name="xe"))
    evidence = evidence_of("print(by_bike)\nprint(by_bike.sum())", by_bike=by_bike)
    asked = "Cho tôi bảng doanh thu theo từng loại xe."  # names one printed label: doanh_thu
    table = ("| Xe | Lượt thuê | Doanh thu |\n|---|---:|---:|\n| Yamaha NVX | 49 | 27.480.000 ₫ |\n"
             "| Honda Air Blade | 64 | 25.560.000 ₫ |\n| **Tổng** | **{}** | **53.040.000 ₫** |")
    assert wrong_pair(table.format(113), asked, evidence) is None
    # a sentence that names no label is still the question's label's ("113" is luot's, not doanh_thu's)
    assert wrong_pair("Tổng cộng: 113.", asked, evidence) is not None


@pytest.mark.parametrize("question, direction", [
    ("Ποιος παραγωγός έφερε το περισσότερο λάδι;", "high"), ("Ποιο προϊόν είναι το πιο φτηνό;", "low"),
    ("איזה סניף מכר הכי הרבה?", "high"), ("איזה סניף הקטן ביותר?", "low"),
    ("किस गाँव से सबसे ज़्यादा दूध आया?", "high"), ("किस गाँव से सबसे कम दूध आया?", "low"),
    ("Care magazin a vândut cele mai multe produse?", "high"), ("În care lună au fost cele mai puține vânzări?", "low"),
])
def test_superlatives_and_which_words_of_greek_hebrew_hindi_and_romanian(question: str, direction: str) -> None:
    from rlm_jupyter.engine.trust import forms

    assert [s.direction for s in forms.superlatives(question)] == [direction]
    assert forms.asks_for_one(question) == "one choice"


def test_the_first_row_of_an_ascending_sort_named_the_most_in_greek_is_refused() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    oil = pd.Series([185.9, 227.3, 3378.5], index=pd.Index(["Ελένη Σπανουδάκη", "Σοφία Παπαδάκη",
                                                             "Δημήτρης Φραγκιαδάκης"], name="παραγωγός"), name="λάδι_kg")
    evidence = evidence_of("print(oil.sort_values())", oil=oil)
    asked = "Ποιος παραγωγός έφερε το περισσότερο λάδι;"
    assert wrong_extreme("Ελένη Σπανουδάκη, με 185,9 kg λάδι.", asked, evidence, lambda _: False) is not None
    assert wrong_extreme("Δημήτρης Φραγκιαδάκης, με 3.378,5 kg λάδι.", asked, evidence, lambda _: False) is None


def _with_frames(code: str, question: str, **names: Any) -> Evidence:
    """``evidence_of`` with the names' frames as the run's frames (the data and what the code made of it)."""
    return Evidence.of([_run_of(code, question, names)], [v for v in names.values() if isinstance(v, pd.DataFrame)])


def test_a_running_total_read_off_a_selected_row_is_known_by_its_frame() -> None:
    from rlm_jupyter.engine.trust.running import running_total

    # a month-to-date column per line, starting again each month: the frame shows it, one printed row cannot
    days = pd.date_range("2024-03-30", periods=4)
    fr = pd.DataFrame({"tarih": days.repeat(2), "hat": ["Adalar", "Kadıköy"] * 4,
                       "yolcu": [100, 200, 110, 210, 120, 220, 130, 230]})
    fr["kumulatif"] = fr.groupby([fr.hat, fr.tarih.dt.month]).yolcu.cumsum()
    asked = "How many passengers did Kadıköy carry on 1 April?"
    evidence = _with_frames("print(fr[(fr.hat == 'Kadıköy') & (fr.tarih == '2024-04-02')])", asked, fr=fr)
    assert running_total("450 passengers on 2 April.", asked, evidence) is not None  # 220 + 230
    assert running_total("230 passengers on 2 April.", asked, evidence) is None
    assert running_total("230 passengers on 2 April (450 so far this month).", asked, evidence) is None
    # a total that equals a running total somewhere, printed by a sum, is not read off the row
    summed = _with_frames("print(fr[fr.hat == 'Kadıköy'].yolcu.iloc[2:].sum())", asked, fr=fr)
    assert running_total("450 passengers.", asked, summed) is None
    # a column that only grows is no running total of a column it does not add
    fr["other"] = [5, 6, 7, 8, 9, 10, 11, 12]
    plain = _with_frames("print(fr.iloc[[7]])", asked, fr=fr.drop(columns="kumulatif"))
    assert running_total("12 passengers.", asked, plain) is None


@pytest.mark.parametrize("answer, refused", [
    ("A medián tartózkodási idő 166,4 perc.", True),
    ("The median stay is 166.4 minutes.", True),
    ("The mean stay is 166.4 minutes.", False),
    ("166.4 minutes on average (median 154.1 minutes).", False),  # each figure's own word
    ("About 2.8 hours on average: 166.4 minutes (median 154.1 min).", False),
    ("The median stay: 154.1 minutes.", False),
])
def test_a_figure_named_the_median_must_not_be_printed_by_a_mean(answer: str, refused: bool) -> None:
    from rlm_jupyter.engine.trust.reductions import other_reduction

    stay = pd.DataFrame({"perc": [120.0, 154.1, 224.1]})  # mean 166.07, median 154.1
    evidence = evidence_of("print(round(stay.perc.mean() + 0.33, 1))\nprint(stay.perc.median())", stay=stay)
    assert (other_reduction(answer, evidence) is not None) == refused


def test_a_whole_number_grouped_by_dots_more_than_once_is_one_printed_figure() -> None:
    deposit = "Đặt cọc 2.000.000 ₫ tiền mặt cho mỗi xe. Xe điện VinFast Evo200: đặt cọc 3.000.000 ₫ (đã gồm pin)."
    assert traced("Đặt cọc 3.000.000 ₫ cho xe điện VinFast.", deposit).grounded
    assert not traced("Đặt cọc 3.500.000 ₫ cho xe điện VinFast.", deposit).grounded
    # one group of three stays what it was: 17.912 may be 17.912 or 17,912
    assert traced("17.912 passengers.", "17.912").grounded
    assert [str(f.value) for f in Shown([Line(Where("output", 1, 1), 1, "v1.2.3 build 1.234.567", "")]).figures] \
        == ["1234567"]


def test_the_reviews_inputs_against_the_stop_57_rules() -> None:
    from rlm_jupyter.engine.trust import forms
    from rlm_jupyter.engine.trust.claims import wrong_extreme, wrong_pair
    from rlm_jupyter.engine.trust.reductions import other_reduction
    from rlm_jupyter.engine.trust.running import running_total

    # a choice printed by code (idxmax), or named in a plainer form, or by a sentence's first word, is no absent name
    rent = pd.DataFrame({"bike": ["Honda Vision"] * 3 + ["Yamaha NVX"] * 2, "payment": ["cash", "card"] * 2 + ["momo"]})
    asked = "Which bike was rented most often?"
    picked = evidence_of("print(rent.payment.value_counts())\nprint('Top bike:', rent.bike.value_counts().idxmax())",
                         rent=rent)
    assert wrong_extreme("The Honda Vision was rented most often.", asked, picked, lambda _: False) is None
    cities = evidence_of("print(cities)", cities=pd.Series([5, 9], index=pd.Index(["Hà Nội", "Hồ Chí Minh"],
                                                                                  name="city"), name="n"))
    for answer in ("Ho Chi Minh City.", "Clothes.", "None of them stands out."):
        assert wrong_extreme(answer, "Which city had the most orders?", cities, lambda _: False) is None, answer
    # a running total's figure printed by a sum, or to a question over a span, is not read off a row
    fr = pd.DataFrame({"hat": ["A", "K"] * 4, "yolcu": [100, 200, 110, 210, 120, 220, 130, 230]})
    fr["kumulatif"] = fr.groupby("hat").yolcu.cumsum()
    on_day = "How many passengers did K carry on 2 April?"
    summed = _with_frames("k = fr[fr.hat == 'K']\nprint(k.yolcu.sum(), k.yolcu.iloc[-1])", on_day, fr=fr)
    assert running_total("860 passengers.", on_day, summed) is None
    row = _with_frames("print(fr.iloc[[7]])", on_day, fr=fr)
    assert running_total("860 passengers.", "How many passengers did K carry in April in total?", row) is None
    assert running_total("860 passengers.", on_day, row) is not None
    # duplicate column names and columns of lists do not break the check
    odd = pd.DataFrame([[1, 2, [1]], [3, 4, [2]]], columns=["a", "a", "b"])
    assert running_total("860 passengers.", on_day, _with_frames("print(fr.iloc[[7]])", on_day, fr=fr, odd=odd))
    # Greek "the second", Hindi "farmer" (किसान holds किस), Romanian "care" in a relative clause: no superlative asked
    assert forms.superlatives("Ποιος ήταν ο δεύτερος μήνας σε πωλήσεις;") == []
    assert forms.asks_for_one("सबसे ज़्यादा दूध देने वाले किसान ने कितना दूध दिया?") != "one choice"
    assert forms.asks_for_one("Magazinul care a vândut cele mai multe produse a avut ce venit?") != "one choice"
    # words that only contain a rise or a fall: adults, an auction, a birthday, a tower, a name
    for text in ("Pieaugušo biļešu pārdots par 120 mazāk", "سعر المزاد أقل بـ 15", "वाढदिवस 3 कमी", "מגדל", "गिरीश"):
        assert forms.change_direction(text) is None, text
    # the median computed other ways than .median(), and "mean" as a verb
    stay = pd.DataFrame({"day": [1, 1, 2, 2, 3, 3], "perc": [100.0, 140.0, 150.0, 170.0, 200.0, 230.0]})
    for code in ("print(stay.groupby('day').perc.mean().quantile(q=0.5))",
                 "print(stay.groupby('day').perc.mean().agg('median'))",
                 "print(stay.groupby('day').perc.mean().describe()['50%'])"):
        assert other_reduction("The median of the daily means is 160.0 minutes.", evidence_of(code, stay=stay)) \
            is None, code
    verb = evidence_of("print(round(stay.perc.median() * 30 / 60))", stay=stay)
    assert other_reduction("30 such visits mean 80 hours.", verb) is None
    # a markdown row with one figure is still the question's label's
    by_bike = pd.DataFrame({"luot": [49, 64], "doanh_thu": [27480000, 25560000]},
                           index=pd.Index(["Yamaha NVX", "Honda Air Blade"], name="xe"))
    both = evidence_of("print(by_bike)\nprint(by_bike.sum())", by_bike=by_bike)
    assert wrong_pair("| Xe | Doanh thu |\n|---|---:|\n| **Tổng** | **113** |",
                      "Cho tôi bảng doanh thu theo từng loại xe.", both) is not None


# -- stop 58: the rules read off cases_tune18 ------------------------------------------------------------------
def test_a_row_the_question_names_is_the_part_it_asks_about_not_the_choice() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    by_distance = pd.DataFrame({"count": [112, 66, 63], "min": [36.70, 74.96, 116.03]},
                               index=pd.Index([500, 1000, 1500], name="afstand"))
    evidence = evidence_of("print(by_distance)", by_distance=by_distance)
    answer = "36.70 seconds, skated by Sven Bakker on 9 March 2024."
    assert wrong_extreme(answer, "What was the fastest 500 m of the club season?", evidence, lambda _: False) is None
    # asked which skater, the figure is the 500 m row's: the row is the choice, and the answer names none
    assert wrong_extreme(answer, "Which race was the fastest?", evidence, lambda _: False) is not None


@pytest.mark.parametrize("text, value, currency", [
    ("GH₵1.18m of that was paid", 1180000, "GHS"),
    ("$3.4m", 3400000, "$"),
    ("USh 5,000", 5000, "UGX"),
    ("৳500", 500, "BDT"),
    ("₦2,000", 2000, "NGN"),
    ("Rs 1,200", 1200, "INR"),  # the rupee of Indian English keeps its symbol
])
def test_a_currencys_home_symbol_and_a_million_written_m_after_money(text: str, value: float, currency: str) -> None:
    found = values(text)[0]
    assert float(found.readings[0].value) == value and found.currency == currency
    assert found.unit is None


def test_m_after_a_figure_without_money_stays_a_unit() -> None:
    assert [v.unit is not None and not v.currency for v in values("a wall 5 m tall")] == [True]


def test_how_and_an_adjective_of_measure_asks_for_one_value(engine: Engine) -> None:
    from rlm_jupyter.engine.trust import forms

    assert forms.asks_for_a_value("How high is the highest tide of the month?")
    assert forms.asks_for_a_value("How late was the last train on Friday?")
    assert not forms.asks_for_a_value("How did the tides change over the month?")
    tides = pd.DataFrame({"hauteur_m": [11.77, 11.65, 11.64, 11.57], "coef": [118, 117, 118, 116]})
    run = engine.run([fence("pm = context.sort_values('hauteur_m', ascending=False)\nprint(pm.head(2))"),
                      'FINAL_VAR("pm")'], tides, question="How high is the highest tide of the month?",
                     max_iterations=2)
    assert run.iterations[1].verdicts[0].gate == "answer-shape"


TIDES = "\n".join(f"{day} {n} mars\n  PM 05h{n:02d}   9,{n:02d} m  ({60 + n})\n  BM 11h25   3,37 m\n"
                  for n, day in zip(range(1, 29), ["Vendredi", "Samedi", "Dimanche", "Lundi", "Mardi", "Mercredi",
                                                   "Jeudi"] * 4))


@pytest.mark.parametrize("tides, data_has", [(TIDES, "10 mars"), (TIDES.replace("10 mars", "10 mars 2023"), None)])
def test_a_day_is_searched_again_as_a_text_writes_it_without_a_year(engine: Engine, tides: str,
                                                                     data_has: str | None) -> None:
    run = engine.run([fence("print(tides[:300])\nprint([l for l in tides.splitlines() if '10/03' in l])"),
                      "FINAL(The table has no entry for 10 March.)"], {"tides": tides},
                     question="What time is high tide on 10 March?", max_iterations=2)
    found = [v.values.get("data_has") for v in run.iterations[1].verdicts if v.gate == "nothing-found"]
    assert found == ([data_has] if data_has else []), run.iterations[1].verdicts


@pytest.mark.parametrize("question, asks", [
    ("Welk station is het drukste?", "one choice"),
    ("Wat is de gemiddelde 500 m-tijd van de heren?", "one figure"),
    ("Sinong tsuper ang may pinakamalaking naiuwi?", "one choice"),
    ("Aling ruta ang pinakamarami?", "one choice"),
    ("Ano ang pinakamababang kita?", None),  # "what": a figure or a label
    ("Ilang ruta ang pinapatakbo ng kooperatiba?", "one figure"),
    ("Hangi ilan en çok tıklandı?", "one choice"),  # Turkish: an advert, not "how many"
])
def test_dutch_and_tagalog_questions_are_read_by_their_form(question: str, asks: str | None) -> None:
    from rlm_jupyter.engine.trust import forms

    assert forms.asks_for_one(question) == asks


def test_dutch_and_tagalog_superlatives_and_the_measure_a_label_names() -> None:
    from rlm_jupyter.engine.trust import forms
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    assert [(s.word, s.direction) for s in forms.superlatives("Wie reed de meeste PR's?")] == [("de meeste PR's",
                                                                                                "high")]
    assert [s.direction for s in forms.superlatives("het drukste station, de kortste rit")] == ["high", "low"]
    assert [s.direction for s in forms.superlatives("pinakamalaking naiuwi")] == ["high"]
    assert forms.superlatives("la región de Oeste") == []  # a capital: a name after a Spanish "de"
    # "PR" is a row of the remarks' counts: in "de meeste PR's" it names what is counted, not the skater
    remarks = pd.Series([177, 112], index=pd.Index(["", "PR"], name="opmerking"), name="count")
    prs = pd.Series([4, 5, 11], index=pd.Index(["Anouk de Boer", "Sven Bakker", "Kjeld Mulder"], name="naam"),
                    name="count")
    evidence = evidence_of("print(remarks)\nprint(prs)", remarks=remarks, prs=prs)
    asked = "Wie reed dit seizoen de meeste PR's?"
    assert wrong_extreme("Anouk de Boer reed de meeste PR's: 4.", asked, evidence, lambda _: False) is not None
    assert wrong_extreme("Kjeld Mulder reed de meeste PR's: 11.", asked, evidence, lambda _: False) is None


def test_a_trend_over_days_split_into_two_printed_cells_and_a_dutch_rise() -> None:
    from rlm_jupyter.engine.trust import forms
    from rlm_jupyter.engine.trust.claims import wrong_trend

    assert forms.change_direction("haar tijden lopen in de loop van het seizoen op.") == "up"
    assert forms.change_direction("ik loop op straat") is None
    femke = pd.DataFrame({"datum": ["za 4 nov 2023", "za 25 nov 2023", "za 16 dec 2023", "za 13 jan 2024"],
                          "tijd": [128.91, 127.97, 128.32, 126.42]}, index=[50, 89, 129, 167])
    evidence = evidence_of("print(femke)", femke=femke)
    assert wrong_trend("Ze wordt langzamer: haar 1500 meter-tijden lopen op.", evidence) is not None
    assert wrong_trend("Ze wordt sneller: haar 1500 meter-tijden dalen.", evidence) is None


def test_a_time_on_the_hour_is_not_read_off_a_figure_of_prose() -> None:
    guide = "A family-run ryokan of 11 rooms on the Hozu river, Arashiyama, Kyoto. All stays are one night."
    assert traced("Check-out is at 11:00.", guide).unseen == ["11:00"]
    assert traced("The busiest hour starts at 14:00.", "peak hour: 14").grounded
    assert traced("The busiest hour starts at 14:00.", "the hour with the most entries of the week was 14").grounded


def test_a_count_of_distinct_things_is_judged_by_the_line_that_printed_it_alone() -> None:
    from rlm_jupyter.engine.trust.counts import not_deduplicated

    dl = pd.DataFrame({"qid": ["A", "A", "B", "C"], "status": ["sent", "sent", "sent", "bounced"]})
    asked = "How many distinct messages did the relay deliver this week?"

    def blocks(*codes: str) -> Evidence:
        cells = [CodeCell(code, stdout=(out := "\n".join(line.text for line in printed(code, dl=dl))), shown=out)
                 for code in codes]
        return Evidence.of([Run(id="r", question=asked, model="m", sub_model="s", context_names=["dl"],
                                iterations=[Iteration(0, "r", cells=cells)])])

    # "sent 3" is a row of a count of statuses; the block that printed 3 alone counted rows
    rows = blocks("print(dl.status.value_counts())", "print((dl.status == 'sent').sum())")
    assert not_deduplicated("3 distinct messages were delivered.", asked, rows) is not None
    distinct = blocks("print(dl.status.value_counts())", "print(dl[dl.status == 'sent'].qid.nunique() + 1)")
    assert not_deduplicated("3 distinct messages were delivered.", asked, distinct) is None
    assert not_deduplicated("3 distinct messages were delivered.", asked,
                            blocks("print(dl.status.value_counts())")) is None  # no line printed it alone
    # a frame's shape counts its rows, whatever else its block deduplicated
    shaped = blocks("print(dl.shape)\nprint(dl.status.value_counts())", "print(len(dl))")
    assert not_deduplicated("4 distinct messages were delivered.", asked, shaped) is not None


def test_rounding_asked_in_dutch_is_checked() -> None:
    from rlm_jupyter.engine.trust.rounding import misrounded

    evidence = evidence_of("print(41.61237288135592)")
    asked = "Hoe snel rijden de heren de 500 m gemiddeld, afgerond op hele seconden?"
    assert misrounded("Gemiddeld ongeveer 40 seconden.", asked, evidence) is not None  # 41.6 is 42 in whole seconds
    assert misrounded("Gemiddeld ongeveer 42 seconden.", asked, evidence) is None


def test_the_base_of_a_share_asked_in_other_languages() -> None:
    from rlm_jupyter.engine.trust.shares import share_scope

    assert share_scope("¿Qué porcentaje de las donaciones O− fue diferido?") == ["donaciones", "o-"]
    assert share_scope("Quel est le pourcentage des vols annulés ?") == ["vols", "annulés"]
    assert share_scope("Welk aandeel van de ritten was te laat?") == ["ritten", "was"]
    assert share_scope("What share of Iberia's flights were cancelled?") == ["iberia", "flights"]


def test_a_figure_of_a_records_other_field_is_refused() -> None:
    from rlm_jupyter.engine.trust.fields import wrong_field

    game = pd.Series({"series": "S01", "winner": "KTH", "duration": "44:23", "kills_blue": 10, "kills_red": 29,
                      "gold_blue": 80.4, "gold_red": 91.0}, name=1)
    evidence = evidence_of("print(game)", game=game)
    assert wrong_field("KTH won the longest game (44:23) with 91 kills.", evidence) is not None
    assert wrong_field("KTH won the longest game (44:23) with 29 kills.", evidence) is None
    assert wrong_field("KTH won with 91 gold (thousands).", evidence) is None
    assert wrong_field("KTH won in 44 minutes.", evidence) is None  # a word that names no field


def test_a_day_searched_with_its_year_first_and_dots_is_a_day(engine: Engine) -> None:
    log = "\n".join(f"Feb  {d} 06:0{n}:00 furdo-kapu0{n} turnstile[2201]: BELEPES jegy=SZ-020{d}-00{n} kapu={n}"
                    for d in (5, 6, 7) for n in range(1, 9))
    run = engine.run([fence("print(log[:200])\nprint([l for l in log.splitlines() if l.startswith('2025.02.06')])"),
                      "FINAL(No: there are no log lines for 6 February 2025.)"], {"log": log},
                     question="Did the bath log anything on 6 February?", max_iterations=2)
    verdict = next(v for v in run.iterations[1].verdicts if v.gate == "nothing-found")
    assert verdict.values["data_has"] == "Feb  6"
    from rlm_jupyter.engine.trust.search_again import _forms

    assert _forms("3.14") == [] and _forms("2025.02") == []  # a number, and a month: no day to search again


def test_a_mean_recomputed_with_its_missing_values_left_out_revises_the_first() -> None:
    from rlm_jupyter.engine.trust.revisions import stale

    times = pd.DataFrame({"sec": [38.0, None, 40.0, 42.0]})
    asked = "Wat is de gemiddelde 500 m-tijd van de heren?"
    both = evidence_of("print(times.sec.fillna(0).mean())", asked, times=times)
    run = _run_of("print(times.sec.fillna(0).mean())", asked, {"times": times})
    run.iterations.append(Iteration(1, "r", cells=[CodeCell("print(times.sec.mean())", stdout="40.0",
                                                            shown="40.0")]))
    revised = Evidence.of([run])
    assert stale("Gemiddeld 30 seconden.", asked, revised) is not None  # NaN as 0, then left out: 40
    assert stale("Gemiddeld 40 seconden.", asked, revised) is None
    assert stale("Gemiddeld 30 seconden.", asked, both) is None  # printed once: nothing revised it


def test_a_figure_met_only_on_a_spread_row_of_describe_is_checked_against_the_result() -> None:
    from rlm_jupyter.engine.trust.rounding import misrounded

    trips = pd.DataFrame({"trips": [4, 5, 6, 7, 9, 9, 9, 12]})  # 75%: 9.0, 50%: 8.0
    run = _run_of("print(trips.describe())", "q", {"trips": trips})
    run.iterations.append(Iteration(1, "r", cells=[CodeCell("print(trips.trips.mean() + 0.013)",
                                                            stdout="8.138", shown="8.138")]))
    evidence = Evidence.of([run])
    asked = "Roughly how many round trips does a jeep make a day?"
    assert misrounded("About 9 round trips a day.", asked, evidence) is not None  # 9 is only the 75% row's
    assert misrounded("About 8 round trips a day.", asked, evidence) is None
    assert misrounded("About 9 round trips a day.", "What is the upper quartile of trips, roughly?", evidence) is None


@pytest.mark.parametrize("winners, names, refused", [
    (["KTH", "AAL", "KTH", "CTH"], "name", True),
    (["KTH Kraken", "Aalto Aurora", "KTH Kraken", "Chalmers"], "name", False),  # names: NTNU may have won nothing
    (["KTH", "AAL", "KTH", "CTH"], "winner", False),  # a column of the same name is the same field
])
def test_a_name_compared_with_a_column_of_codes_of_the_models_own_tables(engine: Engine, winners: list[str],
                                                                           names: str, refused: bool) -> None:
    league = '{"teams": [' + ", ".join(['{"tag": "KTH", "name": "KTH Kraken"}'] * 40) + "]}"
    code = (f"import pandas as pd\nteams = pd.DataFrame({{'tag': ['KTH', 'AAL', 'CTH', 'NTN'], {names!r}: ['KTH "
            "Kraken', 'Aalto Aurora', 'Chalmers', 'NTNU Nordlys']})\n"
            f"series = pd.DataFrame({{'winner': {winners!r}}})\n"
            "print(league[:80])\nprint(len(series[series.winner == 'NTNU Nordlys']))")
    run = engine.run([fence(code), "FINAL(NTNU Nordlys did not win a single series.)"], {"league": league},
                     question="How many series did NTNU Nordlys win?", max_iterations=2)
    found = [v.values for v in run.iterations[1].verdicts if v.gate == "nothing-found"]
    assert found == ([{"searched": "NTNU Nordlys", "data_has": "NTNU Nordlys", "column": "winner",
                       "other_column": "name"}] if refused else []), run.iterations[1].verdicts


def test_a_cell_written_with_a_dot_and_a_comma_in_a_padded_table_is_one_cell() -> None:
    row = "6  za 14 okt 2023     Daan Smit        M  Junioren A     1500  2.05,42"
    assert "42" not in [f.text for f in Shown([Line(Where("output", 1, 1), 1, row, "")]).figures]
    # a line of a CSV export writes two fields so: both are figures
    assert [f.text for f in Shown([Line(Where("output", 1, 1), 1, "0.125,3", "")]).figures] == ["0.125", "3"]


def test_the_reviews_inputs_against_the_stop_58_rules(engine: Engine) -> None:
    from rlm_jupyter.engine.trust import forms
    from rlm_jupyter.engine.trust.claims import wrong_extreme
    from rlm_jupyter.engine.trust.counts import not_deduplicated
    from rlm_jupyter.engine.trust.fields import wrong_field
    from rlm_jupyter.engine.trust.search_again import _worded_yearless
    from rlm_jupyter.engine.trust.shares import share_scope

    # candidates the question lists are choices, not the part it asks about
    wh = pd.Series([11, 8, 5], index=pd.Index(["Rotterdam", "Amsterdam", "Utrecht"], name="warehouse"), name="lines")
    listed = evidence_of("print(wh)", wh=wh)
    assert wrong_extreme("The Eindhoven warehouse shipped the most, 11 lines.",
                         "Which warehouse, Rotterdam, Amsterdam or Utrecht, shipped the most lines?", listed,
                         lambda _: False) is not None
    # Danish after "de" stays Danish; Dutch ordinals, plain adjectives and Romance words are no superlatives
    assert [(s.word, s.direction) for s in forms.superlatives("Aarhus har de laveste priser.")] == [("laveste", "low")]
    for text in ("Quelle ville de la liste a gagné ?", "Welke klant kwam de eerste week?", "de vaste kosten",
                 "het juiste antwoord", "caso de teste"):
        assert forms.superlatives(text) == [], text
    assert [s.direction for s in forms.superlatives("Welke lijn is de langzaamste?")] == [None]
    assert forms.asks_for_one("Welke klanten hebben de meeste bestellingen geplaatst?") is None  # a plural
    assert forms.asks_for_one("Alin sa ilang ruta ang may pinakamaraming pasahero?") == "one choice"
    assert forms.asks_for_one("Ilan verildi mi?") is None and forms.asks_for_one("Sino a che ora è aperto?") is None
    assert not forms.asks_for_a_value("How tall are the players on the squad?")
    # a figure another output printed, or a field the word names in another record, is no other field's
    game = pd.Series({"winner": "KTH", "towers_red": 9, "kills_red": 29}, name=1)
    g2 = pd.Series({"winner": "G2", "kills_blue": 91, "gold_blue": 70.0}, name=2)
    assert wrong_field("KTH averaged 9 kills per game.",
                       evidence_of("print(game)\nprint('mean kills per game', 9)", game=game)) is None
    both = evidence_of("print(game.replace(9, 91))\nprint(g2)", game=game, g2=g2)
    assert wrong_field("G2 won the shortest game with 91 kills.", both) is None
    assert wrong_field("KTH won with 29 (towers).", evidence_of("print(game)", game=game)) is not None
    # a deduplicating block that printed two figures on its line still counts
    dl = pd.DataFrame({"qid": list("ABCDE")})
    run = _run_of("print(len(dl))", "How many distinct customers?", {"dl": dl})
    run.iterations.append(Iteration(1, "r", cells=[CodeCell("print('customers:', dl.qid.nunique(), 'orders:', "
                                                            "len(dl))", stdout="customers: 5 orders: 5",
                                                            shown="customers: 5 orders: 5")]))
    assert not_deduplicated("5 distinct customers.", "How many distinct customers?", Evidence.of([run])) is None
    # a day and month in words are no other language's short word, and a day header may be followed by its time
    assert not any(form in ("Set 5", "10 Mac", "1 mai") for form in _worded_yearless("2024-09-05")
                   + _worded_yearless("2024-03-10") + _worded_yearless("2024-05-01"))
    header = TIDES.replace("10 mars\n", "10 mars 05h10 9,10 m\n")
    run = engine.run([fence("print(tides[:300])\nprint([l for l in tides.splitlines() if '10/03' in l])"),
                      "FINAL(The table has no entry for 10 March.)"], {"tides": header},
                     question="What time is high tide on 10 March?", max_iterations=2)
    assert [v.gate for v in run.iterations[1].verdicts] == ["nothing-found"]
    # a million after a code, and no sol in "S/4HANA"
    assert [float(v.readings[0].value) for v in values("EUR 3m and 3m EUR")] == [3_000_000, 3_000_000]
    assert [v.currency for v in values("SAP S/4HANA")] == [""]
    # "part" is no share word; Italian and French articles joined to the noun
    assert share_scope("As part of the Q3 review, what percentage of Iberia's flights were delayed?") == [
        "iberia", "flights"]
    assert share_scope("Qual è la percentuale della flotta ferma?") == ["flotta", "ferma"]
    assert share_scope("Quel est le pourcentage de l'équipe absente ?") == ["équipe", "absente"]
    # no hour read off an English "time" or "HR"
    assert not traced("At 14:00.", "Average delivery time across all 1,200 orders this quarter was 14 minutes flat"
                      ).grounded


def test_a_frame_with_two_columns_of_one_name_is_no_table_to_search_again() -> None:
    from rlm_jupyter.engine.trust.search_again import _in_another_shape

    code = "print(len(series[series.winner == 'NTNU Nordlys']))"
    run = Run(id="r", question="q", model="m", sub_model="s", context_names=[],
              iterations=[Iteration(0, "r", cells=[CodeCell(code, stdout="0", shown="0")])])
    doubled = pd.DataFrame([["KTH", "x"], ["AAL", "y"]], columns=["winner", "winner"])
    teams = pd.DataFrame({"name": ["NTNU Nordlys", "KTH Kraken"]})
    assert _in_another_shape(run, [doubled, teams]) is None
    assert _in_another_shape(run, [doubled.iloc[:, :1], teams]) is not None


def test_a_vowel_sign_continues_its_letters_word_and_a_symbol_between_words_is_inside_a_label() -> None:
    from rlm_jupyter.engine.trust.claims import mentions

    # the ক of ক্রয় ("purchase") is no mention of the grade ক; the grade standing alone is
    assert mentions("উপজেলাভিত্তিক পাট ক্রয়", ["ক"]) == []
    assert [m.label for m in mentions("গ্রেড ক পাট", ["ক"])] == ["ক"]
    # a vowel sign after a name of several letters is its case ending: সিলেটে, "in Sylhet"
    assert [m.label for m in mentions("সিলেটে 980 টন পাট", ["সিলেট"])] == ["সিলেট"]
    routes = pd.Series([12170.0, 124300.0], index=pd.Index(["Manaus → Itacoatiara", "Manaus → Belém"],
                                                               name="trecho"), name="valor")
    printed_routes = tables(printed("print(routes)", routes=routes))
    assert [row.labels for row in printed_routes[0].rows] == [["Manaus → Itacoatiara"], ["Manaus → Belém"]]
    assert printed_routes[0].aliases == {"itacoatiara": "manaus → itacoatiara", "belém": "manaus → belém"}


def test_one_statistics_name_given_its_own_figure_names_another_statistic_by_a_longer_name() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    kilo = pd.Series([492.0, 73.6, 33.7, 48.8, 68.2, 91.8], index=["count", "mean", "std", "25%", "50%", "75%"],
                     name="kilo")
    evidence = evidence_of("print(kilo)", kilo=kilo)
    # "wastani wa kati" (the middle average) is the median; "wastani" alone, the mean, has its own figure
    assert wrong_pair("Kwa kawaida kilo 68 (wastani wa kati ni kilo 68.2). Wastani ni kilo 73.6.", "q",
                      evidence) is None
    # a swap gives neither statistic its own figure
    assert wrong_pair("Wastani ni kilo 68.2. Median ni kilo 73.6.", "q", evidence) is not None
    assert wrong_pair("Kwa kawaida kilo 68 (wastani wa kati ni kilo 68.2).", "q", evidence) is not None
    # the statistic itself, not a longer name, given another row's figure
    assert wrong_pair("Typically 92 kg (mean 91.8 kg). Mean: 73.6 kg.", "q", evidence) is not None
    assert wrong_pair("Typically 92 kg (median of 91.8 kg). The median is 68.2 kg.", "q", evidence) is not None


def test_a_bare_figure_after_the_asked_label_was_given_its_own_is_about_something_else() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_pair

    graded = pd.Series([357, 40, 21], index=pd.Index(["Parmigiano Reggiano", "Mezzano", "Scarto"], name="esito"),
                       name="count")
    evidence = evidence_of("print(graded)", graded=graded)
    question = "How many wheels were branded Parmigiano Reggiano?"
    assert wrong_pair("357 wheels were branded Parmigiano Reggiano. Another 40 were sold young.", question,
                      evidence) is None
    # before the label's own figure, pointing back to it, or without a word for the others, it is the label's
    assert wrong_pair("Answer: 40 wheels. (Parmigiano Reggiano: 357 graded.)", question, evidence)
    assert wrong_pair("357 wheels were branded Parmigiano Reggiano. Of those, 40 were sold young.", question,
                      evidence) is not None
    assert wrong_pair("357 wheels were branded Parmigiano Reggiano. In 2023 it was 40.", question, evidence)
    # without the label's own figure, the bare figure is the asked label's, and misread
    assert wrong_pair("They were 40 in all.", question, evidence) is not None
    assert wrong_pair("40 wheels were branded Parmigiano Reggiano.", question, evidence) is not None


def test_a_change_word_beside_one_named_row_speaks_of_the_step_into_it() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_trend

    riders = pd.Series([37.2, 32.3, 35.8, 41.4], index=pd.PeriodIndex(["2024-03", "2024-04", "2024-05", "2024-06"],
                                                                      freq="M", name="month"), name="riders")
    evidence = evidence_of("print(riders)", riders=riders)
    assert wrong_trend("March started at 37.2 a train, April dipped to 32.3 once the holidays were over, and the "
                       "trains filled steadily to 41.4 in June.", evidence) is None
    # the step into June rises, so a fall there is the season's, which rose
    assert wrong_trend("March started at 37.2 a train, and June dipped to 41.4.", evidence) is not None
    assert wrong_trend("The trains fell steadily over the season.", evidence) is not None
    # a word of progression, or a row named before the step's, makes the span longer than the step
    assert wrong_trend("March started at 37.2 a train, and the trains dipped steadily to 41.4 in June.", evidence)
    assert wrong_trend("From 37.2 a train in March, the trains dipped to 41.4 in June.", evidence) is not None


def test_rows_tied_with_the_top_of_a_sorted_head_are_its_extreme() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    temps = pd.Series([-1.8, -1.8, 0.4, 2.5, 7.0, 11.9], index=pd.Index(["jan19", "jan20", "jan21", "jan02",
                                                                           "jan07", "jan08"], name="day"), name="temp")
    evidence = evidence_of("print(temps.sort_values().head(3))", temps=temps)
    question = "Which day was the coldest?"
    assert wrong_extreme("jan20 was the coldest, at -1.8 °C.", question, evidence, lambda _: False) is None
    assert wrong_extreme("jan21 was the coldest, at 0.4 °C.", question, evidence, lambda _: False) is not None


def test_a_records_field_and_a_string_in_the_code_say_no_unit_of_other_fields() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_unit

    # the record's fields as the code wrote them: hgt's figure says no unit, t_s's its own; the block's t_s is
    # another field's
    parse = ("t, h, ws = '1800 10252.0 181'.split()\nlevel = pd.Series({'nominal': '2024-01-31 12:00', 't_s': int(t), "
             "'hgt': float(h), 'wspd': int(ws)}, name=3101)\nprint(level)\nprint(level.t_s + 60)")
    record = evidence_of(parse)
    assert wrong_unit("181 knots at 10,252 m.", record) is None
    assert wrong_unit("It got there after 1800 minutes.", record) is not None  # the field t_s is in seconds
    # a field the code computed from seconds is in seconds; one it never assigned is read by the block's names
    trips = pd.DataFrame({"trip": ["T1", "T2"], "start_s": [0, 60], "end_s": [1800, 900]})
    duration = evidence_of("trips['duration'] = trips['end_s'] - trips['start_s']\n"
                           "print(trips.loc[trips['duration'].idxmax()])", trips=trips)
    assert wrong_unit("The longest trip, T1, lasted 1800 minutes.", duration) is not None
    level = pd.Series({"nominal": "2024-01-31 12:00", "t_s": 1800, "hgt": 10252.0}, name=3101)
    assert wrong_unit("It was at 10,252 m.", evidence_of("print(level)\nprint(level.t_s)", level=level)) is not None
    lines = ["#  t_s pres_hPa  hgt_m", "     0   1000.8     87"]
    header = evidence_of("print([l for l in lines if l.startswith('#  t_s')])\nprint(67)", lines=lines)
    assert wrong_unit("67 minutes ahead of the hour.", header) is None
    seconds = evidence_of("print(67)\nt_s = 67", lines=lines)
    assert wrong_unit("67 minutes ahead of the hour.", seconds) is not None
    query = evidence_of("q = 'SELECT AVG(wait_s) AS w FROM trips'\nprint(1800)")  # a query's names are columns
    assert wrong_unit("The average wait is 1800 minutes.", query) is not None


def test_days_listed_with_the_month_of_the_last_are_days_of_that_month() -> None:
    def keys(text: str) -> list[tuple[str, str]]:
        return [(v.text, v.key) for v in values(text) if v.kind == "date"]

    assert keys("the ascents of 19 and 20 January 2024") == [("19", "2024-01-19"), ("20 January 2024", "2024-01-20")]
    assert keys("on 3, 4 and 5 March") == [("3", "--03-03"), ("4", "--03-04"), ("5 March", "--03-05")]
    assert keys("le 19 et 20 janvier") == [("19", "--01-19"), ("20 janvier", "--01-20")]
    # a list goes up: a day after a later one is a figure
    assert keys("5, 3 and 7 March") == [("3", "--03-03"), ("7 March", "--03-07")]
    assert next(v.kind for v in values("in 2023, 4 and 5 March")) == "number"
    assert [v.kind for v in values("Open tickets were 18 at 31 March.")] == ["number", "date"]


def test_bengali_superlatives_are_read_as_hindi_ones() -> None:
    from rlm_jupyter.engine.trust import forms

    assert [(s.word, s.direction) for s in forms.superlatives("কোন উপজেলা থেকে সবচেয়ে বেশি পাট এসেছে?")] == [
        ("সবচেয়ে বেশি", "high")]
    assert [s.direction for s in forms.superlatives("সবচেয়ে কম দামে")] == ["low"]


def test_one_superlative_over_several_days_claims_no_day_the_extreme() -> None:
    from rlm_jupyter.engine.trust.claims import wrong_date_extreme

    sales = pd.DataFrame({"data_venda": ["02/01/2024", "23/02/2024", "14/03/2024", "20/03/2024"],
                          "valor": [250.0, -1600.0, -1600.0, 420.0]})
    tie = "Two refunds tie for the largest: EXP-00706 (refunded on 23/02/2024) and EXP-01002 (refunded on 14/03/2024)."
    assert wrong_date_extreme(tie, [sales]) is None
    assert wrong_date_extreme("The latest sale was on 23/02/2024.", [sales]) is not None
    assert wrong_date_extreme("The earliest sale was on 23/02/2024, the latest on 14/03/2024.", [sales]) is not None
    # a day outside brackets is the superlative's
    assert wrong_date_extreme("The latest sale was on 14/03/2024 (the one before on 23/02/2024).", [sales])


def test_a_clock_difference_back_to_an_earlier_time_a_ranges_shared_unit_and_welsh_dates() -> None:
    assert traced("It left at 10:03:49, 3 minutes and 49 seconds after its 10:00 slot.",
                  "10:03:49 GADAEL amserlen=10:00").grounded
    assert not traced("It left at 10:03:49, 6 minutes and 49 seconds after its 10:00 slot.",
                      "10:03:49 GADAEL amserlen=10:00").grounded
    assert not traced("The store is open from 08:00 to 21:30, 10 hours and 30 minutes a day.",
                      "opens 08:00 closes 21:30").grounded  # from one to the other runs forward only
    # "from 27.1 to 34.8 km" writes km once for both ends, over printed metres
    assert traced("They burst between heights from 27.1 to 34.8 km.", "27117.0 34796.0").grounded
    assert not traced("They burst between heights from 29.1 to 34.8 km.", "27117.0 34796.0").grounded
    assert [v.key for v in values("Gwe 29 Mawrth 2024") if v.kind == "date"] == ["2024-03-29"]
    assert [v.key for v in values("১৫ জুলাই ২০২৪") if v.kind == "date"] == ["2024-07-15"]


def test_an_age_band_in_the_plural_is_no_code() -> None:
    assert traced("Under-5s travel free.", "| Dan 5 / Under 5 | Am ddim / Free |").grounded
    assert [v.kind for v in values("ticket ERR-42s and user_5s")] == ["token", "token"]


def test_a_swahili_superlative_agrees_with_its_nouns_class() -> None:
    from rlm_jupyter.engine.trust import forms

    assert [(s.word, s.direction) for s in forms.superlatives("Ni mkulima gani aliyeuza mwani mwingi zaidi?")] == [
        ("mwingi zaidi", "high")]
    assert [s.direction for s in forms.superlatives("wakulima wengi zaidi, mauzo makubwa zaidi, bei ndogo zaidi")] == [
        "high", "high", "low"]
    assert forms.superlatives("zaidi ya kilo 50") == []
    assert forms.superlatives("Pemba ilikuwa na wakulima wengi zaidi ya Mafia.") == []  # more than, a comparison


CALLS = [f"Call {3100 + n} ({street}): {what}" for n, (street, what) in enumerate(
    [("Orchard Close", "pipe burst in the loft after the frost"), ("Elm Road", "no hot water since this morning"),
     ("Station Street", "water dripping through the kitchen ceiling"), ("Mill Lane", "boiler shows error F28")]
    * 55)]


def _sub_says(engine: Engine, answer: str) -> None:
    engine.server.models[SUB] = lambda request: answer


def _refusals(run: Run) -> list[str]:
    return [v.gate for it in run.iterations for v in it.verdicts if v.action == "refused"]


@pytest.mark.parametrize("question", ["How many burst pipes were we called out to?",
                                      "Which calls were about pipes, and how many were there?"])
def test_a_subcall_count_over_a_cut_of_the_data_is_refused_though_it_read_over_half(engine: Engine,
                                                                                    question: str) -> None:
    _sub_says(engine, "55 calls report a burst pipe.")
    cut = "said = llm_query('How many of these calls report a burst pipe?\\n\\n' + '\\n'.join(context[88:]))\nprint(said)"
    run = engine.run([fence("print(len(context))"), fence(cut), "FINAL(We had 55 burst-pipe call-outs.)"],
                     CALLS, question=question, max_iterations=3)
    (verdict,) = run.iterations[2].verdicts
    assert verdict.gate == "partial-subcall" and verdict.action == "refused", run.iterations[2].verdicts
    assert "132 of the 220 lines of the data (your code cut it by position)" in verdict.note


def test_a_subcall_count_parsed_and_printed_by_the_next_block_is_still_the_subcalls(engine: Engine) -> None:
    _sub_says(engine, "25 calls report a burst pipe.")
    ask = "said = llm_query('How many report a burst pipe?\\n' + '\\n'.join(context[:100]))"
    run = engine.run([fence(ask), fence("n = int(said.split()[0])\nprint(n)"), "FINAL(25 burst-pipe call-outs.)"],
                     CALLS, question="How many burst pipes were we called out to?", max_iterations=3,
                     acceptance="strict,-wrong-subset")  # wrong-subset, first, refuses it too
    assert _refusals(run) == ["partial-subcall"], _refusals(run)


def test_a_cut_sent_in_another_form_than_the_data_writes_is_measured_by_size(engine: Engine) -> None:
    items = [{"id": i, "animal": ["giraffe", "zebra", "lion", "okapi"][i % 4]} for i in range(400)]
    _sub_says(engine, "25 giraffes.")
    code = ("import json\nimport pandas as pd\ndf = pd.DataFrame(json.loads(context)['items'])\n"
            "said = llm_query('How many giraffes?\\n' + df.head(100).to_string())\nprint(said)")
    run = engine.run([fence("print(context[:200])"), fence(code), "FINAL(25 giraffes.)"],
                     json.dumps({"items": items}, indent=2), question="Which animals are kept, and how many giraffes?",
                     max_iterations=3, acceptance="strict,-wrong-subset")  # wrong-subset, first, refuses it too
    assert _refusals(run) == ["partial-subcall"], _refusals(run)


def test_a_number_of_the_question_unrelated_to_the_cut_does_not_name_it(engine: Engine) -> None:
    _sub_says(engine, "25 calls report a burst pipe.")
    code = "said = llm_query('How many report a burst pipe?\\n' + '\\n'.join(context[0:150]))\nprint(said)"
    run = engine.run([fence("print(len(context))"), fence(code), "FINAL(25 burst-pipe call-outs.)"], CALLS,
                     question="In 1 sentence: which calls were about burst pipes, and how many?", max_iterations=3)
    assert _refusals(run) == ["partial-subcall"], _refusals(run)


def test_the_top_row_of_a_ranking_sent_to_a_subcall_is_a_pick_not_a_cut(engine: Engine) -> None:
    reviews = pd.DataFrame({"votes": range(200), "text": [f"Review {n}: the refund came after a long wait, sadly"
                                                          for n in range(200)]})
    _sub_says(engine, "It names 2 complaints.")
    code = ("top = context.sort_values('votes', ascending=False).head(1)\n"
            "said = llm_query('How many complaints does it name?\\n' + '\\n'.join(top.text))\nprint(said)")
    run = engine.run([fence("print(context.head())"), fence(code), "FINAL(The most upvoted review names 2.)"],
                     reviews, question="How many complaints does the most upvoted review name?",
                     acceptance="strict,-wrong-subset")
    assert run.status == "final" and not _refusals(run), _refusals(run)


@pytest.mark.parametrize("context, cut", [
    (CALLS, "import itertools\npart = list(itertools.islice(context, 100))"),
    (CALLS, "import random\npart = random.choices(context, k=100)"),
    (pd.DataFrame({"call": CALLS}), "part = context[context.index < 100].call"),  # a mask on the index: a slice
    (CALLS, "kept = [c for c in context if c.strip()]\npart = kept[:100]"),  # a cut of what a filter kept, that bit
])
def test_a_cut_by_islice_choices_or_the_index_feeding_a_subcall_is_refused(engine: Engine, context: Any,
                                                                           cut: str) -> None:
    _sub_says(engine, "25 calls report a burst pipe.")
    code = cut + "\nsaid = llm_query('How many report a burst pipe?\\n' + '\\n'.join(part))\nprint(said)"
    run = engine.run([fence("print(len(context))"), fence(code), "FINAL(25 burst-pipe call-outs.)"], context,
                     question="Which calls were about burst pipes, and how many?", max_iterations=3)
    assert _refusals(run) == ["partial-subcall"], _refusals(run)


@pytest.mark.parametrize("code", [
    # every chunk, cut by position in a loop: the whole was read
    "said = llm_query_batched(['Count the burst pipes:\\n' + '\\n'.join(context[i:i + 50])"
    " for i in range(0, len(context), 50)])\nprint(said)",
    # a filter by content, no cut: the lines left out do not matter
    "pipes = [c for c in context if 'pipe' in c]\nsaid = llm_query('Count the burst pipes:\\n' + '\\n'.join(pipes))"
    "\nprint(said)",
    # the same past a first line dropped by position: a header skipped cuts nothing that matters
    "pipes = [c for c in context[1:] if 'pipe' in c]\nsaid = llm_query('Count the burst pipes:\\n' + '\\n'.join(pipes))"
    "\nprint(said)",
    # a slice to show a few of the lines kept feeds no prompt
    "pipes = [c for c in context if 'pipe' in c]\nprint(pipes[:3])\n"
    "said = llm_query('Count the burst pipes:\\n' + '\\n'.join(pipes))\nprint(said)",
    # a bound the code found in the data chooses the part by content
    "start = next(i for i, c in enumerate(context) if 'Orchard' in c)\n"
    "said = llm_query('Count the burst pipes:\\n' + '\\n'.join(context[start:]))\nprint(said)",
    # a sub-call over a head describes the data; the figure answered is printed again by code over all of it
    "said = llm_query('What are these calls about?\\n' + '\\n'.join(context[:20]))\nprint(said)\n"
    "print(sum('pipe burst' in c for c in context))",
    # the lines kept by content, then a guard on the prompt's size: it bounds the selection, not the data
    "pipes = [c for c in context if 'pipe' in c]\n"
    "said = llm_query('Count the burst pipes:\\n' + '\\n'.join(pipes)[:20000])\nprint(said)",
    # each item cut short to a guard's length, every item sent
    "said = llm_query('Count the burst pipes:\\n' + '\\n'.join(c[:60] for c in context))\nprint(said)",
])
def test_a_subcall_count_over_every_chunk_or_a_filter_by_content_is_accepted(engine: Engine, code: str) -> None:
    _sub_says(engine, "55 calls report a burst pipe.")
    run = engine.run([fence("print(len(context))"), fence(code), "FINAL(We had 55 burst-pipe call-outs.)"],
                     CALLS, question="How many burst pipes were we called out to?",
                     acceptance="strict,-wrong-subset")  # this gate's own reading, not wrong-subset's of a slice
    assert run.status == "final" and "partial-subcall" not in _refusals(run), _refusals(run)


def test_a_figure_a_subcall_looked_up_in_a_sample_and_a_filtered_frames_count_are_accepted(engine: Engine) -> None:
    clauses = pd.DataFrame({"clause": [f"Supplier {k % 37} warrants the goods for 12 months from delivery; lot {k}."
                                       for k in range(400)]})
    _sub_says(engine, "The clauses give 12 months from delivery.")
    code = "s = context.sample(30, random_state=1)\nsaid = llm_query('Warranty?\\n' + '\\n'.join(s.clause))\nprint(said)"
    run = engine.run([fence("print(context.head())"), fence(code), "FINAL(12 months from delivery.)"], clauses,
                     question="What warranty period do our supplier contracts give?")
    assert run.status == "final" and not _refusals(run), _refusals(run)  # quoted off the clauses, not counted
    tickets = pd.DataFrame({"category": ["billing", "outage", "login", "outage"] * 60,
                            "text": [f"Ticket {n}: " + ("charged twice for my plan" if n % 8 == 0 else "it broke")
                                     for n in range(240)]})
    _sub_says(engine, "30 tickets complain about a double charge.")
    code = ("bills = context[context.category == 'billing']\n"
            "said = llm_query('How many complain of a double charge?\\n' + '\\n'.join(bills.text))\nprint(said)")
    run = engine.run([fence("print(context.head())"), fence(code), "FINAL(30 billing tickets.)"], tickets,
                     question="How many billing tickets complain about being charged twice?")
    assert run.status == "final" and not _refusals(run), _refusals(run)  # a part by content is small by design


def test_nothing_found_by_a_spot_check_after_the_codes_own_search_of_all_of_it_is_accepted(engine: Engine) -> None:
    _sub_says(engine, "NONE")
    code = ("import random\nprint(sum('gas' in c.lower() for c in context))\n"
            "said = llm_query('Quote a call about gas, or NONE:\\n' + '\\n'.join(random.sample(context, 50)))\n"
            "print(said)")
    run = engine.run([fence("print(context[:3])"), fence(code), "FINAL(No, none of the calls were about gas.)"],
                     CALLS, question="Were any of the calls about a gas leak?")
    assert run.status == "final" and not _refusals(run), _refusals(run)


def test_a_subcall_over_the_cut_the_question_names_is_accepted(engine: Engine) -> None:
    _sub_says(engine, "25 calls report a burst pipe.")
    code = "said = llm_query('How many report a burst pipe?\\n' + '\\n'.join(context[:100]))\nprint(said)"
    run = engine.run([fence("print(len(context))"), fence(code), "FINAL(25 of the first 100 calls.)"],
                     CALLS, question="How many of the first 100 calls were about a burst pipe?")
    assert run.status == "final" and not _refusals(run), _refusals(run)


def test_nothing_found_by_a_subcall_over_a_cut_of_a_document_is_refused_and_over_all_of_it_accepted(
        engine: Engine) -> None:
    rules = "\n".join([f"- Rule {n}: tickets for ride {n} are sold at the gate." for n in range(40)]
                      + ["- Weather: if the lift stops for wind, the day ticket is refunded in full."])
    _sub_says(engine, "NONE")
    ask = "rule = llm_query('Quote the refund rule for bad weather, word for word, or NONE:\\n' + {part})\nprint(rule)"
    look = fence("print(context[:200])")
    cut = engine.run([look, fence(ask.format(part="context[:1200]")), "FINAL(No, there is no refund rule for wind.)"],
                     rules, question="If the lift stops because of wind, do I get my money back?", max_iterations=3)
    (verdict,) = cut.iterations[2].verdicts
    assert verdict.gate == "partial-subcall" and "the sub-calls that found nothing read" in verdict.note
    whole = engine.run([look, fence(ask.format(part="context")), "FINAL(No, there is no refund rule for wind.)"],
                       rules, question="If the lift stops because of wind, do I get my money back?")
    assert whole.status == "final" and not _refusals(whole)


TICKETS = "\n".join(
    f"Feb  3 {6 + i // 60:02d}:{i % 60:02d}:00 gate turnstile[22]: ENTRY ticket=T-{i:04d} type={kind} price={price}"
    for i, (kind, price) in enumerate([("day", 11200), ("child", 5200)] * 40 + [("family", 18500)] * 5))
LOOK = "lines = context.splitlines()\nprint(len(lines))\nprint('\\n'.join(lines[:6]))"


@pytest.mark.parametrize("code, question, answer, refused", [
    # the dearest ticket named among the first six lines of a log of 85: the family ticket comes later
    (LOOK, "What does the most expensive ticket cost?", "The day ticket, 11200 Ft; a child ticket is 5200 Ft.", True),
    # the same figure, computed over every line
    (LOOK + "\nprint(max(int(l.rsplit('=', 1)[1]) for l in lines))", "What does the most expensive ticket cost?",
     "The family ticket, 18500 Ft.", False),
    # a lookup, not an extreme: the prices are in the first lines as they are in every line
    (LOOK, "What do a day ticket and a child ticket cost?", "11200 Ft and 5200 Ft.", False),
    # a question about the first lines is answered by a look at them
    (LOOK, "What did the first ticket of the day cost?", "11200 Ft, a day ticket.", False),
    # "all-day" is a ticket's name, no claim of every row
    (LOOK, "How much are an all-day ticket and a child ticket?", "11200 Ft and 5200 Ft.", False),
    # a slice longer than the text printed all of it: no look at a few lines
    ("print(context[:20000])", "What does the most expensive ticket cost?", "The family ticket, 18500 Ft.", False),
])
def test_an_extreme_read_off_the_first_lines_of_a_log_is_refused(engine: Engine, code: str, question: str,
                                                                 answer: str, refused: bool) -> None:
    run = engine.run([fence(code), f"FINAL({answer})"], TICKETS, question=question, max_iterations=2)
    refusals = [v for v in run.iterations[-1].verdicts if v.action == "refused"]
    assert [v.gate for v in refusals] == (["wrong-subset"] if refused else []), refusals


GAMES = pd.DataFrame({"series": [f"S{n:02d}" for n in range(1, 9) for _ in (1, 2)] + ["S09"] * 3,
                      "game": [1, 2] * 8 + [1, 2, 3], "winner": ["KTH", "KTH", "AAL", "AAL"] * 4 + ["HEL", "NTN", "HEL"],
                      "minutes": [40.5, 44.4, 31.9, 43.3] * 4 + [37.5, 43.7, 39.0]})


@pytest.mark.parametrize("code, question, answer, refused", [
    # only the first six games were ever printed, and a size: "none" of the rest is a guess
    ("print(games.shape)\nprint(games.head(6))", "Did any series go to a deciding third game?",
     "No: every series was a sweep, none needed a third game.", True),
    # a year scopes the rows, it asks for no slice of them
    ("print(games.shape)\nprint(games.head(6))", "Did any series of 2024 go to a deciding third game?",
     "No, none did.", True),
    # computed over every game
    ("print(games.groupby('series').game.max().value_counts())", "Did any series go to a deciding third game?",
     "Yes, one did.", False),
    # a question about the first series is answered by a look at them
    ("print(games.head(6))", "Did the first series go to a third game?", "No, it did not.", False),
    # a look, then no claim about the whole: what the table holds
    ("print(games.head(6))", "What does the games table record?", "The series, the game number, the winner and the "
     "length of each game.", False),
    # a "no" in another language, and a threshold in the question (no slice of the rows), after looks only
    ("print(games.shape)\nprint(games.head(6))", "¿Alguna serie llegó a un tercer partido?", "No, ninguna.", True),
    ("print(games.head(6))", "Did any game take longer than 45 minutes?", "No, none did.", True),
    # a head longer than the table showed every row
    ("print(games.head(20))", "Did any series go to a deciding third game?", "No, none did.", False),
    # a collection the code built in a loop is a count, not a size; a head of selected rows is a search's result
    ("out = []\nfor s, g in games.groupby('series'):\n    if len(g) > 2:\n        out.append(s)\nprint(len(out))\n"
     "print(games.head(6))", "Did any series go to a deciding third game?", "Yes, one did.", False),
    ("print(games[games.game == 3].head())", "Did any series go to a deciding third game?", "Yes: S09 did.", False),
])
def test_a_claim_about_every_row_after_looks_only_is_refused(engine: Engine, code: str, question: str, answer: str,
                                                             refused: bool) -> None:
    run = engine.run([fence(code), f"FINAL({answer})"], {"games": GAMES}, question=question, max_iterations=2)
    refusals = [v for v in run.iterations[-1].verdicts if v.action == "refused"]
    assert [v.gate for v in refusals] == (["wrong-subset"] if refused else []), refusals


def test_the_one_label_of_a_long_answer_to_a_superlative_question_is_its_choice() -> None:
    # "Which village brings in the most seaweed?" in Swahili, a form the which-words do not read: the one label the
    # answer names is still its choice, checked against the whole table printed
    from rlm_jupyter.engine.trust.claims import wrong_extreme

    kilo = pd.Series([17110.8, 10355.0, 7707.4, 7527.6], name="kilo_kavu",
                     index=pd.Index(["Paje", "Jambiani", "Kiwengwa", "Bwejuu"], name="kijiji"))
    evidence = evidence_of("print(kilo)", kilo=kilo)
    question = "Kijiji kipi kinaleta mwani mwingi zaidi?"
    second = "Jambiani kinaongoza, kwa kilo 10,355.0 za mwani mkavu msimu huu."
    assert wrong_extreme(second, question, evidence, lambda _: False) is not None
    assert wrong_extreme(second.replace("Jambiani", "Paje").replace("10,355.0", "17,110.8"), question, evidence,
                         lambda _: False) is None
    # a question that names a row asks about that row: its figure is no choice among the rows
    assert wrong_extreme("Jambiani kilipata kilo 10,355.0 za mwani mkavu msimu huu, kwa jumla.",
                         "Jambiani kilileta mwani kiasi gani zaidi?", evidence, lambda _: False) is None
