"""The static report: HTML that survives without CSS, escapes model output, marks volatile values, round-trips."""
from __future__ import annotations

import base64
import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

import pandas as pd
import pytest

from rlm_jupyter import RLM
from rlm_jupyter.engine.record.spend import Usage, money
from rlm_jupyter.engine.record.trajectory import CodeCell, Iteration, Run, SubCall
from rlm_jupyter.jupyter.cells import cell_html, outputs_html
from rlm_jupyter.jupyter.format import seconds, tokens, usage_line
from rlm_jupyter.jupyter.markup import VOLATILE_PATTERN, answer_preview_html, code_html
from rlm_jupyter.jupyter.report import METADATA_KEY, Report, run_html, run_text
from rlm_jupyter.jupyter.subcall_table import subcalls_html
from rlm_jupyter.jupyter.timeline import timeline_svg
from rlm_jupyter.testing import FakeLLMServer, Scripted

PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


# -- a tiny DOM ------------------------------------------------------------------
@dataclass
class Node:
    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Node | str] = field(default_factory=list)

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def find_all(self, tag: str, cls: str | None = None) -> list[Node]:
        found: list[Node] = []
        for child in self.children:
            if isinstance(child, Node):
                if child.tag == tag and (cls is None or cls in child.attrs.get("class", "").split()):
                    found.append(child)
                found += child.find_all(tag, cls)
        return found

    def children_named(self, tag: str) -> list[Node]:
        return [c for c in self.children if isinstance(c, Node) and c.tag == tag]


class TreeBuilder(HTMLParser):
    """Builds a Node tree and fails on any element that is closed out of order or never closed."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root")
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Node(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        assert self.stack[-1].tag == tag, f"</{tag}> closes <{self.stack[-1].tag}>"
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse(html: str) -> Node:
    builder = TreeBuilder()
    builder.feed(html)
    builder.close()
    assert builder.stack == [builder.root], f"unclosed: {[n.tag for n in builder.stack[1:]]}"
    return builder.root


def report_root(run: Run) -> Node:
    root = parse(run_html(run))
    [div] = root.children_named("div")
    assert div.attrs["class"] == "rlm-report"
    return div


def iterations_of(report: Node) -> list[Node]:
    return report.children_named("details")


def code_texts(node: Node) -> list[str]:
    return [div.children_named("pre")[0].text().rstrip("\n") for div in node.find_all("div", "highlight")]


# -- runs built by hand ------------------------------------------------------------
def call(id: int, start: float, latency: float | None, *, prompt: str = "", response: str | None = "ok",  # noqa: A002
         error: str | None = None, cost: float | None = 0.0001, iteration: int = 0, **extra: Any) -> SubCall:
    return SubCall(id=id, kind="llm", model="sub-m", prompt=prompt or f"prompt number {id}", depth=1,
                   iteration=iteration, started_s=start, latency_s=latency, response=response, error=error,
                   prompt_tokens=10 * id, completion_tokens=id, cost_usd=cost, **extra)


def make_run(*, slow: float = 1.0, answer: Any = "7318842") -> Run:
    """Two iterations; ``slow`` scales every timing and cost, so two values of it differ only in volatile facts."""
    cells = [CodeCell(code='chunks = [context[i:i + 10] for i in range(0, len(context), 10)]\nprint(len(chunks) < 5 & 1)',
                      stdout="<script>alert('model')</script>\n", stderr="careful\n", value="'<b>x</b>'",
                      duration_s=0.1 * slow),
             CodeCell(code="1 / 0", error="Traceback ...\nZeroDivisionError: division by zero", duration_s=0.01 * slow)]
    calls = [call(1, 0.2 * slow, 0.5 * slow, cost=0.00012 * slow), call(2, 0.3 * slow, 0.2 * slow, cost=0.0002 * slow),
             call(3, 0.4 * slow, None, response=None, error="RateLimitError: slow down")]
    run = Run(id=f"run-{slow}", question="Find the <magic> number & report it", model="root-m", sub_model="sub-m",
              context_names=["context"], status="final", message="answered after 2 turn(s)", answer=answer,
              wall_s=2.0 * slow, started_at=f"2026-11-30T12:00:0{int(slow)}+00:00")
    run.iterations = [
        Iteration(index=0, reply="Split it <first>.\n```repl\n" + cells[0].code + "\n```\n```repl\n1 / 0\n```",
                  started_s=0.0, duration_s=1.2 * slow, prompt_tokens=100, completion_tokens=20, cells=cells,
                  subcalls=[calls[1], calls[0], calls[2]]),
        Iteration(index=1, reply="Done.\nFINAL(7318842)", started_s=1.2 * slow, duration_s=0.3 * slow,
                  prompt_tokens=150, completion_tokens=8),
    ]
    run.usage = {"root-m": Usage(250, 28, 2, 0.01 * slow), "sub-m": Usage(60, 6, 3, 0.0003 * slow)}
    return run


# -- formatting ----------------------------------------------------------------------
@pytest.mark.parametrize(("usd", "text"), [(None, "unknown"), (0.0, "$0.00"), (0.0123, "$0.0123"),
                                           (0.000012, "$0.000012"), (0.5, "$0.5000"), (1.0, "$1.00"),
                                           (1234.567, "$1,234.57")])
def test_money(usd: float | None, text: str) -> None:
    assert money(usd) == text


@pytest.mark.parametrize(("s", "text"), [(None, "–"), (0.0, "0.00 s"), (0.214, "0.21 s"), (0.999, "1.0 s"),
                                         (3.42, "3.4 s"), (59.97, "1 min 00 s"), (125.2, "2 min 05 s"),
                                         (3725, "1 h 02 min")])
def test_seconds(s: float | None, text: str) -> None:
    assert seconds(s) == text


def test_tokens_and_usage_line() -> None:
    assert tokens(12345) == "12,345"
    usage = {"gpt-5": Usage(12345, 678), "gpt-5-mini": Usage(9000, 1200)}
    assert usage_line(usage) == "gpt-5: 12,345 in / 678 out · gpt-5-mini: 9,000 in / 1,200 out"
    assert usage_line({}) == "no model calls"


# -- structure -----------------------------------------------------------------------
def test_one_details_per_iteration_with_its_code_and_prose() -> None:
    run = make_run()
    report = report_root(run)
    details = iterations_of(report)
    assert len(details) == len(run.iterations)
    first_summary = details[0].children_named("summary")[0].text()
    assert first_summary == "Iteration 1 · 2 code blocks · 3 sub-calls · 1.2 s"
    assert code_texts(details[0]) == [c.code for c in run.iterations[0].cells]
    assert code_texts(details[1]) == []
    assert "Split it <first>." in details[0].text()
    assert "```" not in report.text()  # fences removed from the prose


def test_subcall_table_lists_calls_in_id_order_with_previews() -> None:
    run = make_run()
    [table] = report_root(run).find_all("table", "rlm-subcalls")
    rows = table.find_all("tbody")[0].children_named("tr")
    assert [r.children_named("td")[0].text() for r in rows] == ["1", "2", "3"]
    statuses = [r.children_named("td")[2].text() for r in rows]
    assert statuses == ["ok", "ok", "error: RateLimitError: slow down"]
    pres = [p.text() for p in table.find_all("pre")]
    for sub in run.subcalls:
        assert sub.prompt in pres


def test_prompt_and_response_previews_are_bounded() -> None:
    long = call(1, 0.0, 0.1, prompt="p" * 5000, response="r" * 3000)
    texts = [p.text() for p in parse(subcalls_html([long])).find_all("pre")]
    assert texts == ["p" * 497 + "...", "r" * 497 + "..."]


def test_answer_is_shown() -> None:
    report = report_root(make_run())
    [text] = report.find_all("div", "rlm-answer-text")
    assert text.text() == "7318842" and "font-family" not in text.attrs["style"]  # prose, not a monospace block
    assert "pre-wrap" in text.attrs["style"]  # its line breaks kept
    frame = pd.DataFrame({"n": range(100), "label": [f"row {i}" for i in range(100)]})
    tables = report_root(make_run(answer=frame)).children_named("table")
    assert len(tables) == 2  # the header, then the answer
    answer_text = tables[-1].text()
    assert "row 0" in answer_text and "row 99" in answer_text and "row 50" not in answer_text  # max_rows=60


def test_an_answer_table_shows_every_row_up_to_the_limit_rounded_for_display_with_empty_cells_explained() -> None:
    frame = pd.DataFrame({"share": [1.0, 0.123456, float("nan")] * 10, "label": [f"row {i}" for i in range(30)]})
    html = answer_preview_html(frame)
    assert all(f"row {i}<" in html for i in range(30))  # a 30-row cohort table is not elided
    assert "0.12<" in html and "0.123456" not in html and "<td>NaN" not in html
    assert "empty cells: no value (NaN)" in html
    frame.attrs["empty_cells"] = "months the cohort has not reached yet"
    assert "empty cells: months the cohort has not reached yet" in answer_preview_html(frame)
    assert frame["share"].iloc[1] == 0.123456  # rounded for display only
    assert "empty cells" not in answer_preview_html(frame.fillna(0))


def test_model_output_is_escaped_never_markup() -> None:
    run = make_run()
    run.iterations[1].reply = "<script>alert('prose')</script>\nFINAL(1)"
    run.iterations[0].subcalls[0].response = "<script>alert('sub')</script>"
    html = run_html(run)
    root = parse(html)
    assert root.find_all("script") == [] and "<script>" not in html
    text = root.text()
    for payload in ("<script>alert('model')</script>", "<script>alert('prose')</script>",
                    "<script>alert('sub')</script>", "Find the <magic> number & report it", "'<b>x</b>'"):
        assert payload in text
    assert root.find_all("b", None) and all(b.text() != "x" for b in root.find_all("b"))


def test_cell_streams_are_marked() -> None:
    cell = make_run().iterations[0].cells[0]
    root = parse(cell_html(cell))
    [stderr] = root.find_all("div", "rlm-stderr")
    assert stderr.text() == "stderrcareful\n"
    [error] = parse(cell_html(make_run().iterations[0].cells[1])).find_all("div", "rlm-error")
    assert error.text().startswith("errorTraceback") and error.text().endswith("division by zero")


def test_code_is_highlighted_with_inline_styles_only() -> None:
    html = code_html("x = 'a < b'  # note")
    root = parse(html)
    assert "class=" not in html.replace('class="highlight"', "")
    assert any("color" in s.attrs.get("style", "") for s in root.find_all("span"))
    assert root.text().rstrip("\n") == "x = 'a < b'  # note"


# -- rich outputs --------------------------------------------------------------------
def bundle(**data: Any) -> dict[str, Any]:
    return {"data": {k.replace("_", "/", 1).replace("_", "+"): v for k, v in data.items()}, "metadata": {}}


def test_text_html_output_is_embedded_as_markup() -> None:
    table = pd.DataFrame({"a": [1, 2]}).to_html()
    root = parse(outputs_html([{"data": {"text/html": table, "text/plain": "plain fallback"}, "metadata": {}}]))
    assert len(root.find_all("table")) == 1
    assert "plain fallback" not in root.text()


@pytest.mark.parametrize("payload", [PNG, base64.b64decode(PNG), [PNG[:20], PNG[20:]]])
def test_png_becomes_an_img_with_a_data_uri(payload: Any) -> None:
    output = {"data": {"image/png": payload, "text/plain": "<Figure>"}, "metadata": {"image/png": {"width": 50}}}
    [img] = parse(outputs_html([output])).find_all("img")
    assert img.attrs["src"] == f"data:image/png;base64,{PNG}"
    assert img.attrs["width"] == "50"


def test_mime_preference_and_escaping() -> None:
    svg = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="3"/></svg>'
    outputs = [bundle(image_svg_xml=svg, text_plain="no"), bundle(text_markdown="# <i>md</i>", text_plain="no"),
               bundle(text_plain="<i>plain</i>"), {"text/plain": "bare bundle"}, bundle(application_pdf="%PDF")]
    root = parse(outputs_html(outputs))
    [img] = root.find_all("img")  # SVG comes in as an image: a browser runs no script inside one
    assert base64.b64decode(img.attrs["src"].split(",", 1)[1]).decode() == svg
    assert root.find_all("i") == []
    assert [p.text() for p in root.find_all("pre")] == ["# <i>md</i>", "<i>plain</i>", "bare bundle",
                                                       "[display output not shown: application/pdf]"]


def test_cell_renders_its_rich_outputs_after_its_streams() -> None:
    cell = CodeCell(code="display(df)", stdout="before\n",
                    outputs=[bundle(text_html="<table><tr><td>1</td></tr></table>"), bundle(image_png=PNG)])
    root = parse(cell_html(cell))
    assert len(root.find_all("table")) == 1 and len(root.find_all("img")) == 1
    assert root.text().index("before") < root.text().index("1")


def test_huge_outputs_are_capped() -> None:
    huge = "x" * 1_000_000
    cell = CodeCell(code="print(big)\n" + "# pad\n" * 20_000, stdout=huge, stderr=huge, value=huge, error=huge,
                    outputs=[bundle(text_plain=huge), bundle(text_html="<p>" + huge + "</p>" * 1000)])
    run = make_run(answer="y" * 40_000_000)
    run.iterations[0].cells = [cell]
    html = run_html(run)
    embedded = len("<p>" + huge + "</p>" * 1000)  # the user's own HTML output is embedded whole
    assert len(html) < embedded + len(code_html(cell.code)) + 6 * 21_000 + 20_000
    assert len(code_html(cell.code)) < 300_000  # 20,000 characters of code, with highlighting markup
    assert html.count("characters truncated") == 7  # code, 4 streams, text/plain output, answer
    assert len(answer_preview_html(["z" * 40_000_000])) < 50_000
    assert len(answer_preview_html("z" * 40_000_000)) < 50_000


def test_oversized_raw_html_falls_back_to_text() -> None:
    html = outputs_html([bundle(text_html="<b>" * 3_000_000, text_plain="small")])
    assert html.count("<b>") == 0 and "small" in html


# -- timeline ------------------------------------------------------------------------
def true_peak(intervals: list[tuple[float, float]]) -> int:
    """Maximum number of half-open intervals covering one instant, by brute force over start points."""
    return max((sum(a <= t < b for a, b in intervals) for t, _ in intervals), default=0)


def svg_of(run: Run) -> Node:
    [svg] = parse(timeline_svg(run)).children_named("svg")
    return svg


def test_timeline_has_one_block_per_iteration_and_the_true_peak() -> None:
    run = make_run()
    running = call(4, 0.9, None, response=None)  # still in flight: ends at the run's end (2.0)
    touching = call(5, 0.7, 0.4)  # ends at 1.1, just as call 7 starts: half-open intervals do not overlap there
    later = [call(6, 1.0, 0.5, iteration=1), call(7, 1.1, 0.2, iteration=1), call(8, 1.15, 0.0, iteration=1),
             call(9, 1.1, 0.2, iteration=1)]  # 8 takes no time: never in flight
    run.iterations[0].subcalls += [running, touching]
    run.iterations[1].subcalls = later
    svg = svg_of(run)
    titles = [t.text() for t in svg.find_all("title") if t.text().startswith("iteration")]
    assert titles == ["iteration 1: 1.2 s, 5 sub-calls", "iteration 2: 0.30 s, 4 sub-calls"]
    assert len(svg.find_all("rect")) == len(run.iterations)
    ends = {c.id: c.started_s + (c.latency_s or 0.0) for c in run.subcalls}
    ends[4] = run.wall_s
    peak = true_peak([(c.started_s, ends[c.id]) for c in run.subcalls])
    assert peak == 4  # calls 4, 6, 7, 9 from t=1.1 (5 if call 5 or the zero-length call 8 counted)
    [label] = svg.find_all("text", "rlm-peak")
    assert label.text() == str(peak)


@pytest.mark.parametrize("shape", ["empty", "zero", "no-calls"])
def test_timeline_handles_degenerate_runs(shape: str) -> None:
    run = make_run()
    if shape == "empty":
        run.iterations, run.wall_s = [], 0.0
    elif shape == "zero":
        run.wall_s = 0.0
        for it in run.iterations:
            it.started_s = it.duration_s = 0.0
            for sub in it.subcalls:
                sub.started_s, sub.latency_s = 0.0, 0.0
    else:
        for it in run.iterations:
            it.subcalls = []
    html = timeline_svg(run)
    assert "nan" not in html and "inf" not in html
    svg = svg_of(run)
    assert len(svg.find_all("rect")) == len(run.iterations)
    assert not svg.find_all("text", "rlm-peak")  # no chart, so no axis reading "0" twice
    assert "no sub-calls" in svg.text()


# -- stability -----------------------------------------------------------------------
def test_volatile_values_live_only_in_volatile_spans() -> None:
    fast, slow = run_html(make_run(slow=1.0)), run_html(make_run(slow=2.7))
    assert fast != slow
    assert re.sub(VOLATILE_PATTERN, "", fast) == re.sub(VOLATILE_PATTERN, "", slow)
    stripped = re.sub(VOLATILE_PATTERN, "", fast)
    assert "$" not in stripped and "<svg" not in stripped and "run-1.0" not in stripped


def test_volatile_spans_never_nest() -> None:
    html = run_html(make_run())
    for span in re.findall(VOLATILE_PATTERN, html):
        assert span.count("<span") == 1


def test_run_text_is_stable() -> None:
    expected = ("RLM final after 2 iterations, 3 sub-calls, 344 tokens\n"
                "  1. 2 code blocks, 3 sub-calls\n"
                "  2. 0 code blocks, 0 sub-calls\n"
                "checks: assumed: a record from before verdicts were kept (strict)\n"  # no setting recorded
                "answer: '7318842'")
    assert run_text(make_run(slow=1.0)) == run_text(make_run(slow=3.0)) == expected
    frame = pd.DataFrame([[0] * 12] * 12)
    assert run_text(make_run(answer=frame)).endswith("answer: DataFrame 12 x 12")
    long_answer = run_text(make_run(answer="a" * 1000)).splitlines()[-1]
    assert "..." in long_answer and len(long_answer) < 80


def test_partial_run_renders() -> None:
    run = make_run(answer=None)
    run.status, run.message = "budget", "stopped: budget of $0.01 spent"
    run.iterations[1].cells.append(CodeCell(code="x = 1"))
    report = report_root(run)
    assert report.children_named("p")[-1].text() == "No answer (run budget)"
    assert run_text(run).endswith("answer: None")


def test_child_runs_are_nested() -> None:
    child = make_run()
    child.id, child.question, child.depth = "child", "the child question", 1
    parent = make_run()
    parent.iterations[0].subcalls[0].kind = "rlm"
    parent.iterations[0].subcalls[0].child = child
    reports = report_root(parent).find_all("div", "rlm-report")
    assert len(reports) == 1 and "the child question" in reports[0].text()


# -- the displayable object and its metadata ------------------------------------------
def test_report_bundle_and_metadata_round_trip() -> None:
    frame = pd.DataFrame({"level": ["ERROR", "WARN"], "n": [3, 1]})
    run = make_run(answer=frame)
    data, metadata = Report(run)._repr_mimebundle_()
    assert data == {"text/html": run_html(run), "text/plain": run_text(run)}
    meta = json.loads(json.dumps(metadata))[METADATA_KEY]  # what a saved notebook holds
    assert meta["version"] == 1 and meta["run_id"] == run.id and meta["status"] == "final"
    assert meta["tokens"] == {"root-m": {"prompt": 250, "completion": 28}, "sub-m": {"prompt": 60, "completion": 6}}
    assert meta["cost_usd"] == pytest.approx(run.cost_usd) and meta["wall_s"] == 2.0
    back = Run.from_dict(meta["trajectory"])
    pd.testing.assert_frame_equal(back.answer, frame)
    assert back.to_dict() == run.to_dict()
    assert run_html(back) == run_html(run)


def test_ipython_displays_the_report() -> None:
    from IPython.core.formatters import DisplayFormatter

    data, metadata = DisplayFormatter().format(Report(make_run()))
    assert data["text/plain"].startswith("RLM final after 2 iterations")
    assert data["text/html"].startswith('<div class="rlm-report">')
    assert metadata[METADATA_KEY]["trajectory"]["id"] == "run-1.0"


# -- a real run through the fake server --------------------------------------------------
def test_real_run_renders(fake_llm: FakeLLMServer) -> None:
    code = ("import pandas as pd\nfrom IPython.display import display\n"
            "table = pd.DataFrame({'k': ['a', 'b'], 'n': [1, 2]})\ndisplay(table)\n"
            "print(llm_query('Describe <script>x</script> ' + context[:20]))")
    fake_llm.models["root"] = Scripted([f"Look first.\n```repl\n{code}\n```", "FINAL_VAR(table)"])
    with RLM(model="root", sub_model="sub", base_url=fake_llm.base_url, api_key="t") as rlm:
        run = rlm.run("Tabulate it", "some context " * 50)
    assert run.status == "final", run.message
    html = run_html(run)
    report = report_root(run)
    details = iterations_of(report)
    assert len(details) == 2
    assert code_texts(details[0]) == [code]
    assert "<script>" not in html and report.find_all("script") == []
    [sub] = run.subcalls
    assert sub.prompt in [p.text() for p in details[0].find_all("pre")]
    answer = report.children_named("table")[-1]
    assert "a" in answer.text() and "b" in answer.text()
    meta = Report(run)._repr_mimebundle_()[1][METADATA_KEY]
    back = Run.from_dict(json.loads(json.dumps(meta))["trajectory"])
    pd.testing.assert_frame_equal(back.answer, run.answer)
    assert run_text(back) == run_text(run)
    assert re.sub(VOLATILE_PATTERN, "", run_html(back)) == re.sub(VOLATILE_PATTERN, "", html)


def test_a_huge_batch_lists_a_bounded_number_of_rows_and_every_failure() -> None:
    calls = [SubCall(id=i, kind="llm", model="sub", prompt=f"p{i}", depth=1, iteration=0, response="ok",
                     latency_s=0.01) for i in range(1, 1001)]
    calls[900].response, calls[900].error = None, "RateLimitError: slow down"
    markup = subcalls_html(calls, limit=50)
    assert markup.count("<tr") == 1 + 50 + 1  # header, the first 50, the failure
    assert "p901" in markup and "949 more sub-calls are not listed here" in markup


# -- typography ------------------------------------------------------------------
def test_every_pre_names_the_notebooks_code_font_and_every_table_cell_is_left_aligned() -> None:
    """JupyterLab's and nbconvert's CSS give a code font only to a <pre> that is a direct child of an output,
    and right-align table cells: the report's own elements say what they need."""
    report = report_root(make_run())
    pres = report.find_all("pre")
    assert pres and all("--jp-code-font-family" in p.attrs.get("style", "") for p in pres)
    cells = [n for tag in ("td", "th") for table in report.find_all("table")
             if "dataframe" not in (table.attrs.get("class") or "") for n in table.find_all(tag)]
    assert cells and all("text-align: left" in (c.attrs.get("style") or "") for c in cells)


def test_the_timeline_of_a_run_without_sub_calls_has_no_chart_axis() -> None:
    svg = timeline_svg(Run(id="r", question="q", model="m", sub_model="s", wall_s=2.0,
                           iterations=[Iteration(0, "", duration_s=1.0), Iteration(1, "", 1.0, duration_s=1.0)]))
    labels = re.findall(r">([^<>]+)</text>", svg)
    assert labels.count("0") == 0 and "no sub-calls" in labels
    with_calls = timeline_svg(make_run())
    assert re.findall(r">([^<>]+)</text>", with_calls).count("0") == 1  # the axis' foot, once


def test_the_saved_timeline_is_an_image_so_untrusted_notebooks_keep_it() -> None:
    """An untrusted notebook's inline SVG is sanitized away by JupyterLab and Notebook 7; an image is kept."""
    run = make_run()
    report = report_root(run)
    assert not report.find_all("svg")
    [img] = report.find_all("img", "rlm-timeline")
    src = img.attrs["src"]
    assert src.startswith("data:image/svg+xml;base64,")
    assert base64.b64decode(src.split(",", 1)[1]).decode() == timeline_svg(run)
    assert "iteration 1:" in img.attrs["alt"]


# -- a colleague's second look: when and by what, and the calls a stop abandoned ------------------------------
def header(run: Run) -> dict[str, str]:
    table = report_root(run).children_named("table")[0]
    return {tr.children_named("th")[0].text(): tr.children_named("td")[0].text() for tr in table.find_all("tr")}


def test_the_header_says_when_the_run_was_made_by_which_version_and_prompt() -> None:
    run = make_run()
    run.version, run.prompt_version = "0.1.0", "2026-12-04.27"
    assert header(run)["run"] == "2026-11-30 12:00 UTC · rlm_jupyter 0.1.0 · prompt 2026-12-04.27"
    row = next(tr for tr in report_root(run).children_named("table")[0].find_all("tr")
               if tr.children_named("th")[0].text() == "run")
    assert row.find_all("span", "rlm-volatile")  # it differs between a run and its replay: masked for nbval
    older = make_run()
    older.started_at = ""
    assert "run" not in header(older)  # a record that kept none of it has no row


def test_calls_a_stop_cancelled_read_as_cancelled_counted_apart_once() -> None:
    run = make_run()
    gone = [call(4 + i, 0.5, None, response=None, error="cancelled before its reply came (the run or its block was "
                                                         "stopped)",
                 cost=None, cancelled=True) for i in range(3)]
    run.iterations[0].subcalls += gone
    run.status = "interrupted"
    assert header(run)["sub-calls"] == "3 (and 3 cancelled before a reply came)"
    details = iterations_of(report_root(run))[0]
    assert details.children_named("summary")[0].text().startswith("Iteration 1 · 2 code blocks · 3 sub-calls and 3 "
                                                                  "cancelled")
    [table] = details.find_all("table", "rlm-subcalls")
    rows = table.find_all("tbody")[0].children_named("tr")
    assert [r.children_named("td")[0].text() for r in rows] == ["1", "2", "3"]  # no row per cancelled call
    [line] = details.find_all("p", "rlm-cancelled")
    assert line.text() == ("3 sub-calls cancelled before a reply came, when the run or its block was stopped "
                           "(#4, #5, #6)")
    assert "unknown" not in table.text() + line.text() and "127.0.0.1" not in run_html(run)
    assert run.summary().startswith("RLM interrupted after 2 iterations, 3 sub-calls and 3 cancelled")
    assert "3 sub-calls and 3 cancelled" in run_text(run)


def test_a_call_in_flight_has_no_cost_yet() -> None:
    flying = call(1, 0.0, None, response=None, cost=None)
    [row] = parse(subcalls_html([flying])).find_all("tbody")[0].children_named("tr")
    cells = [td.text() for td in row.children_named("td")]
    assert cells[2] == "running" and cells[5] == ""  # nothing spent yet: not "unknown"
