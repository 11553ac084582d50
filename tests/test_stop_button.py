"""Real Chromium: the panel's Stop button in JupyterLab and Notebook 7, and the saved report in three viewers.

- Stop: a slowed demo run is stopped by clicking the panel's button; the browser interrupts the kernel
  through the Jupyter server, and the run ends ``interrupted`` with the iterations it had, shown in the report.
- The saved report (the shipped quickstart, outputs as saved) in JupyterLab, Notebook 7 and nbconvert's HTML:
  its code and printed output use the page's code font, its tables are left-aligned; a screenshot of each is
  written (to ``$RLM_SCREENSHOT_DIR``, else a temp folder).
"""
from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from nbconvert import HTMLExporter

from .test_browser import ROOT, Lab, browser, jupyter_server, screenshot, without_outputs

__all__ = ["browser"]  # the fixture, re-exported for pytest
pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

STOP_NOTEBOOK = "stop.ipynb"
SLOW_S = "4"  # seconds per demo-model reply: time to see the button and click it mid-run
FRONTENDS = {"jupyterlab": "lab/tree/{}", "notebook7": "notebooks/{}"}


def _stop_notebook() -> nbformat.NotebookNode:
    quickstart = without_outputs(ROOT / "notebooks" / "quickstart.ipynb")
    setup, data, rlm = (c for c in quickstart.cells if c.cell_type == "code" and (
        "%rlm demo" in c.source or "make_orders" in c.source or c.source.startswith("%%rlm")))
    check = nbformat.v4.new_code_cell("print('status:', rlm_run.status, '| iterations:', len(rlm_run.iterations))")
    return nbformat.v4.new_notebook(cells=[setup, data, rlm, check], metadata=quickstart.metadata)


# Both frontends expose the application (the server is started with expose_app_in_browser for each).
READY_JS = """() => {
    const widget = window.jupyterapp?.shell?.currentWidget;
    const session = widget?.sessionContext;
    return !!(widget?.context?.isReady && session?.session?.kernel && session.kernelDisplayStatus === 'idle');
}"""


def _open(page, lab: Lab, frontend: str, name: str) -> None:
    """Open the notebook and wait until its kernel is attached and idle."""
    page.goto(lab.url + FRONTENDS[frontend].format(name))
    page.wait_for_function(READY_JS, timeout=90_000)


RUN_LAST_JS = """() => {
    const notebook = window.jupyterapp.shell.currentWidget.content;
    notebook.activeCellIndex = notebook.widgets.length - 1;
    window.jupyterapp.commands.execute('notebook:run-cell');
}"""


def _run_all(page) -> None:
    """Run every cell (not awaited in the page: the command resolves only when the last cell is done)."""
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")


@pytest.mark.parametrize("frontend", list(FRONTENDS))
def test_the_stop_button_interrupts_the_run_from_the_browser(browser, tmp_path: Path, frontend: str) -> None:
    from playwright.sync_api import expect

    with jupyter_server(tmp_path, {STOP_NOTEBOOK: _stop_notebook()}, {"RLM_DEMO_LATENCY": SLOW_S}) as lab:
        context = browser.new_context(viewport={"width": 1300, "height": 1000})
        page = context.new_page()
        page.on("dialog", lambda dialog: dialog.accept())
        try:
            _open(page, lab, frontend, STOP_NOTEBOOK)
            _run_all(page)
            stop = page.locator("button.rlm-stop")
            expect(stop).to_be_visible(timeout=120_000)
            expect(page.locator(".jp-OutputArea").filter(has_text="Iteration 2")).to_have_count(1, timeout=60_000)
            stop.click()
            report = page.locator(".rlm-report")
            expect(report).to_be_visible(timeout=60_000)
            expect(report.locator("p", has_text="RLM run")).to_contain_text("interrupted")
            expect(stop).to_have_count(0)  # the panel, and its button, are gone with the run
            # The stop fails the cell as an interrupt does, in one line: the queued check cell does not run.
            expect(page.locator(".jp-OutputArea").filter(has_text="RunStopped: %rlm: stopped (status 'interrupted')")
                   ).to_have_count(1, timeout=30_000)
            assert page.locator(".jp-OutputArea").filter(has_text="status:").count() == 0
            page.evaluate(RUN_LAST_JS)  # the kernel lives on: run the check by hand
            status = page.locator(".jp-OutputArea").filter(has_text="status:")
            expect(status).to_contain_text(re.compile(r"status: interrupted \| iterations: [1-3]\b"), timeout=30_000)
            screenshot(page, f"stopped-{frontend}.png")
        except Exception as exc:
            failure = tmp_path / "failure.png"
            try:
                page.screenshot(path=str(failure))
            except Exception:
                pass
            raise AssertionError(f"{exc}\n(screenshot: {failure})\nserver log:\n{lab.log_tail()}") from exc
        finally:
            context.close()


# -- the saved report's typography, in three viewers -------------------------------------------------------------
TYPOGRAPHY_JS = """() => {
    const report = document.querySelector('.rlm-report');
    if (!report) return null;
    const font = el => getComputedStyle(el).fontFamily;
    const pres = [...report.querySelectorAll('pre')];
    const cells = [...report.querySelectorAll('table')].filter(t => !t.classList.contains('dataframe'))
        .flatMap(t => [...t.querySelectorAll('td, th')]);
    const timeline = report.querySelector('img.rlm-timeline');
    return {
        timeline: !!timeline && timeline.complete && timeline.naturalWidth > 0,
        preFonts: [...new Set(pres.map(font))],
        proseFont: font(report),
        answerFonts: [...report.querySelectorAll('.rlm-answer-text')].map(font),
        aligns: [...new Set(cells.map(c => getComputedStyle(c).textAlign))],
        count: pres.length,
    };
}"""
MONO = re.compile(r"mono|menlo|consolas|courier", re.IGNORECASE)


def _check_typography(page) -> dict[str, object]:
    found = page.evaluate(TYPOGRAPHY_JS)
    assert found is not None, "no report on the page"
    assert found["count"] > 0 and all(MONO.search(f) for f in found["preFonts"]), found
    assert not MONO.search(found["proseFont"]), found  # the prose stays proportional
    assert not any(MONO.search(f) for f in found["answerFonts"]), found  # and so does a text answer
    assert found["aligns"] in (["left"], ["start"]), found
    assert found["timeline"], found  # drawn even where the notebook is not trusted (its SVG is an image)
    return found


@pytest.mark.parametrize("frontend", list(FRONTENDS))
def test_the_saved_report_uses_the_code_font_and_left_aligned_tables(browser, tmp_path: Path, frontend: str) -> None:
    saved = nbformat.read(ROOT / "notebooks" / "quickstart.ipynb", as_version=4)
    with jupyter_server(tmp_path, {"quickstart.ipynb": saved}, {}) as lab:
        context = browser.new_context(viewport={"width": 1300, "height": 1000})
        page = context.new_page()
        try:
            _open(page, lab, frontend, "quickstart.ipynb")
            report = page.locator(".rlm-report").first
            report.wait_for(timeout=60_000)
            report.scroll_into_view_if_needed()
            report.locator("details").first.evaluate("d => d.open = true")
            _check_typography(page)
            screenshot(page, f"report-{frontend}.png")
        finally:
            context.close()


@pytest.mark.parametrize("name", ["quickstart", "long_document"])  # a table answer, and a text answer
def test_the_saved_report_in_nbconvert_html(browser, tmp_path: Path, name: str) -> None:
    page_html, _ = HTMLExporter().from_notebook_node(nbformat.read(ROOT / "notebooks" / f"{name}.ipynb",
                                                                   as_version=4))
    target = tmp_path / f"{name}.html"
    target.write_text(page_html, encoding="utf-8")
    context = browser.new_context(viewport={"width": 1300, "height": 1000})
    page = context.new_page()
    try:
        page.goto(target.as_uri())
        page.locator(".rlm-report").first.evaluate("r => { r.scrollIntoView(); r.querySelector('details').open = true; }")
        found = _check_typography(page)
        assert found["answerFonts"] or name == "quickstart", found  # the text answer was found and checked
        if name == "quickstart":
            screenshot(page, "report-nbconvert.png")
    finally:
        context.close()
