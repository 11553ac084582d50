"""Real browser: JupyterLab + Debian chromium (playwright-python) run the quickstart; panel live, report saved.

What only a browser shows: the widget panel rendering while the cell still
runs, the panel giving way to the static report when the run ends, and the
saved notebook showing that report again with no kernel work and no widget
state. The recipe is in docs/architecture.md ("Jupyter facts"). Debian's chromium is
used through ``executable_path`` because ``playwright install`` cannot download
browsers here; CI installs it (``.ci/run``), so the test is skipped only where
chromium or playwright is missing.

Every wait on output text is scoped to ``.jp-OutputArea`` (the notebook's
source cells contain the same words), and "run all" is not awaited in the page:
its promise resolves only when the last cell is done.
"""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest

from rlm_jupyter.demo_model import DEMO_NOTE

from .screenshots import record

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
# The README shows these two screenshots. The test writes them to a temp folder unless
# RLM_SCREENSHOT_DIR says where (RLM_SCREENSHOT_DIR=docs refreshes the README's), so a test run
# never changes tracked files.
SCREENSHOT_DIR = os.environ.get("RLM_SCREENSHOT_DIR")
NOTEBOOK = "quickstart.ipynb"
RLM_CELL = 4  # index of the `%%rlm df_orders "cohort retention by month"` cell
RLM_SOURCE = "%%rlm df_orders"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
# Seconds per demo-model reply. The mid-run screenshot catches iteration 3 with its 12 sub-calls in
# flight: open, with its progress bar, from when they start until iteration 4 starts (one reply's time).
# The timeline, which re-renders once a second, has drawn them within about a second; 2.5 s per reply
# leaves over a second for the screenshot (measured: 1.0-1.8 s left at 2 s).
LATENCY_S = 2.5
START_TIMEOUT_S = 60
RUN_TIMEOUT_MS = 90_000
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
# A fresh JupyterLab settings dir with these overrides: no news/update toast in the screenshots.
LAB_SETTINGS = {"@jupyterlab/apputils-extension/notification.jupyterlab-settings":
                {"fetchNews": "false", "checkForUpdates": False}}

pytestmark = pytest.mark.timeout(240)


@dataclass
class Lab:
    url: str
    root: Path
    log: Path

    def log_tail(self, lines: int = 40) -> str:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])


def _status_ok(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}api/status", timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def _server_url(runtime: Path, pid: int) -> str | None:
    """The URL the server wrote to its runtime file (the port it really bound, whatever port_retries did)."""
    info = runtime / f"jpserver-{pid}.json"
    try:
        return json.loads(info.read_text())["url"].rstrip("/") + "/"
    except (OSError, ValueError, KeyError):
        return None


def _stop(process: subprocess.Popen[bytes], url: str | None) -> None:
    """Ask the server to shut down (it shuts its kernels down first); if it hangs, end its process group.

    The group is signalled only while the server is not yet reaped, so its id cannot belong to anyone else.
    """
    if process.poll() is None and url is None:  # it never answered: nothing to ask
        os.killpg(process.pid, signal.SIGTERM)
    elif process.poll() is None:
        try:
            urllib.request.urlopen(urllib.request.Request(f"{url}api/shutdown", method="POST"), timeout=5).close()
        except OSError:
            pass
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            process.wait(timeout=20)
            return
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, sig)  # the server and the kernels it started (start_new_session)
    process.wait()


@contextmanager
def jupyter_server(tmp_path: Path, notebooks: dict[str, nbformat.NotebookNode],
                   env_extra: dict[str, str]) -> Iterator[Lab]:
    """A Jupyter server (JupyterLab at lab/, Notebook 7 at notebooks/) on a free port, isolated from user state,
    serving ``notebooks`` (name -> notebook) from a fresh root folder."""
    root = tmp_path / "root"
    root.mkdir()
    for name, notebook in notebooks.items():
        nbformat.write(notebook, root / name)
    home = tmp_path / "jupyter"
    settings = home / "lab-settings"
    for name, values in LAB_SETTINGS.items():
        (settings / name).parent.mkdir(parents=True, exist_ok=True)
        (settings / name).write_text(json.dumps(values))
    runtime = home / "runtime"
    env = {**os.environ, "RLM_CACHE_DIR": str(home / "rlm-cache"),
           "JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_DATA_DIR": str(home / "data"),
           "JUPYTER_RUNTIME_DIR": str(runtime), "JUPYTERLAB_SETTINGS_DIR": str(settings),
           "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"), "IPYTHONDIR": str(home / "ipython"),
           "MPLCONFIGDIR": str(home / "matplotlib"), "MPLBACKEND": "module://matplotlib_inline.backend_inline",
           **env_extra}
    env.pop("JUPYTER_PORT", None)
    log = tmp_path / "jupyterlab.log"
    command = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
               "--ServerApp.port=0", "--IdentityProvider.token=", "--ServerApp.disable_check_xsrf=True",
               "--LabApp.expose_app_in_browser=True", "--JupyterNotebookApp.expose_app_in_browser=True",
               f"--LabApp.workspaces_dir={home / 'workspaces'}",
               f"--ServerApp.root_dir={root}", "--LabApp.news_url=None",
               "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    if os.geteuid() == 0:  # the server refuses to run as root without it; CI containers run as root
        command.append("--allow-root")
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
    url = None
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while not (url and _status_ok(url)):
            if process.poll() is not None or time.monotonic() > deadline:
                text = log.read_text(errors="replace")
                pytest.fail(f"JupyterLab did not start (exit {process.poll()}):\n{text[-3000:]}")
            time.sleep(0.2)
            url = url or _server_url(runtime, process.pid)
        yield Lab(url, root, log)
    finally:
        _stop(process, url)


def without_outputs(path: Path) -> nbformat.NotebookNode:
    """A shipped notebook with its outputs and widget state removed: what the browser shows must come from this run."""
    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    notebook.metadata.pop("widgets", None)
    return notebook


@pytest.fixture
def lab(tmp_path: Path) -> Iterator[Lab]:
    """JupyterLab serving a copy of the quickstart without outputs, the demo model slowed to be watched."""
    with jupyter_server(tmp_path, {NOTEBOOK: without_outputs(ROOT / "notebooks" / NOTEBOOK)},
                        {"RLM_DEMO_LATENCY": str(LATENCY_S)}) as server:
        yield server


@pytest.fixture
def browser() -> Iterator[object]:
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing (Debian package `chromium`; .ci/run installs it)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is missing (the `test` extra has it)")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


# -- page helpers ---------------------------------------------------------------------
NOTEBOOK_JS = f"""() => {{
    const widget = window.jupyterapp?.shell?.currentWidget;
    return widget?.context?.path === {json.dumps(NOTEBOOK)} ? widget : null;
}}"""
EXECUTION_COUNTS_JS = f"""() => ({NOTEBOOK_JS})().content.widgets
    .map(cell => cell.model.type === 'code' ? cell.model.executionCount : null)"""
# Polled every animation frame (expect() polls at up to 1 s): iteration 3 open with its sub-calls in flight,
# drawn in the timeline too, and the run not over.
MID_RUN_JS = f"""() => {{
    const cell = ({NOTEBOOK_JS})()?.content.widgets[{RLM_CELL}].node;
    const output = cell?.querySelector('.jp-OutputArea');
    if (!output || output.querySelector('.rlm-report')) return false;
    const shown = el => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const count = [...output.querySelectorAll('.widget-html-content')]
        .some(el => shown(el) && /^12 sub-calls · \\d+ finished$/.test(el.textContent.trim()));
    const bar = [...output.querySelectorAll('.widget-hprogress')].some(shown);
    return count && bar && output.textContent.includes('(peak 12)');
}}"""


def open_notebook(page, url: str) -> None:
    """Open the copy, wait for its kernel to be idle, fold the file browser away."""
    page.goto(f"{url}lab/tree/{NOTEBOOK}")
    page.wait_for_function(f"""() => {{
        const widget = ({NOTEBOOK_JS})();
        const session = widget?.sessionContext;
        return !!(widget?.context.isReady && session?.session?.kernel && session.kernelDisplayStatus === 'idle');
    }}""", timeout=START_TIMEOUT_S * 1000)
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")


def scroll_to_rlm_cell(page) -> None:
    page.evaluate(f"""async () => {{
        const notebook = ({NOTEBOOK_JS})().content;
        await notebook.scrollToItem({RLM_CELL}, 'start');
        notebook.widgets[{RLM_CELL}].node.scrollIntoView({{block: 'start'}});
    }}""")


def rlm_output(page):
    """The output area of the %%rlm cell."""
    cell = page.locator(".jp-CodeCell").filter(has=page.locator(".jp-InputArea", has_text=RLM_SOURCE))
    return cell.locator(".jp-OutputArea")


def screenshot(page, name: str) -> Path:
    folder = Path(SCREENSHOT_DIR) if SCREENSHOT_DIR else Path(tempfile.gettempdir()) / "rlm-screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / name))
    record(folder / name)  # into docs/: which drawing code it shows (tests/test_docs_screenshots.py checks it)
    return folder / name


# -- the test -------------------------------------------------------------------------
def test_quickstart_in_jupyterlab_live_panel_then_saved_static_report(browser, lab: Lab) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1400, "height": 1100})
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())  # a "leave the page?" prompt must not block the reload
    try:
        open_notebook(page, lab.url)
        assert page.locator(".jp-OutputArea-output").count() == 0  # the copy has no outputs
        page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")  # not awaited

        # Mid-run: the live panel, at iteration 3 with its 12 sub-calls in flight.
        output = rlm_output(page)
        expect(output.locator(".widget-accordion")).to_be_attached(timeout=RUN_TIMEOUT_MS)
        page.wait_for_function(MID_RUN_JS, polling="raf", timeout=RUN_TIMEOUT_MS)
        scroll_to_rlm_cell(page)  # again: the notebook follows the last (active) cell as outputs grow
        screenshot(page, "screenshot-panel.png")
        # Read right after the screenshot, in one call: the run was still there while it was taken.
        still, shown = page.evaluate(f"() => [({MID_RUN_JS})(), ({NOTEBOOK_JS})().content.widgets[{RLM_CELL}]"
                                     ".node.querySelector('.jp-OutputArea').innerText]")
        assert still, f"the run moved on while the mid-run screenshot was taken; the panel showed:\n{shown}"
        lines = [line.strip() for line in shown.splitlines() if line.strip()]
        # The header names the demo model before anything else it says (Binder routes new notebooks to it).
        assert lines[0] == "■ Stop" and lines[1].startswith(f"RLM · {DEMO_NOTE} · running · iteration 3/20 · "), shown
        for title in ["Iteration 1 · 1 code block · 0 sub-calls", "Iteration 2 · 1 code block · 0 sub-calls",
                      "Iteration 3 · 1 code block · 12 sub-calls"]:
            assert title in lines, shown
        assert any(re.fullmatch(r"12 sub-calls · \d+ finished", line) for line in lines), shown
        assert "sub-calls" in lines and "sub-calls in flight (peak 12)" in lines, shown  # the bar's label; timeline

        # End: the panel's output is cleared and the static report shown in its place; the later cells ran too.
        report = output.locator(".rlm-report")
        expect(report).to_be_visible(timeout=RUN_TIMEOUT_MS)
        last = page.locator(".jp-CodeCell").last.locator(".jp-OutputArea")
        expect(last).to_contain_text("iteration 4: 0 code block(s), 0 sub-call(s)", timeout=RUN_TIMEOUT_MS)
        check_report(output)
        scroll_to_rlm_cell(page)
        page.wait_for_timeout(300)  # the scroll settles
        screenshot(page, "screenshot-report.png")

        # Saved: the report, with the trajectory in its metadata, and no widget view.
        page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        page.wait_for_function(f"() => !({NOTEBOOK_JS})().context.model.dirty")
        outputs = json.loads((lab.root / NOTEBOOK).read_text())["cells"][RLM_CELL]["outputs"]
        assert all(WIDGET_VIEW not in o.get("data", {}) for o in outputs), outputs
        reports = [o for o in outputs if "rlm-report" in "".join(o.get("data", {}).get("text/html", ""))]
        assert len(reports) == 1, outputs
        trajectory = reports[0]["metadata"]["rlm_jupyter"]["trajectory"]
        assert trajectory["status"] == "final" and len(trajectory["iterations"]) == 4

        # Reopened: the report is shown from the saved outputs alone; nothing runs.
        executions = page.evaluate(EXECUTION_COUNTS_JS)
        page.reload()
        open_notebook(page, lab.url)
        scroll_to_rlm_cell(page)
        output = rlm_output(page)
        expect(output.locator(".rlm-report")).to_be_visible(timeout=30_000)
        check_report(output)
        assert page.evaluate(EXECUTION_COUNTS_JS) == executions
    except Exception as exc:  # playwright's timeouts say little: add what the page and the server showed
        failure = lab.root.parent / "failure.png"
        try:
            page.screenshot(path=str(failure))
        except Exception:  # the page may be gone; the original error matters more
            pass
        raise AssertionError(f"{exc}\n(screenshot: {failure})\nJupyterLab log:\n{lab.log_tail()}") from exc
    finally:
        context.close()


def check_report(output) -> None:
    """The static report, whole, in place of the panel: header, every iteration, the answer table."""
    from playwright.sync_api import expect

    report = output.locator(".rlm-report")
    expect(report).to_have_count(1)
    expect(output.locator(".widget-accordion")).to_have_count(0)
    expect(output).not_to_contain_text("model not found")
    expect(report.locator("p", has_text="RLM run")).to_contain_text(re.compile(r"^RLM run · final\b"))
    for number, title in enumerate(["1 code block · 0 sub-calls", "1 code block · 0 sub-calls",
                                    "1 code block · 12 sub-calls", "0 code blocks · 0 sub-calls"], 1):
        expect(report.locator("summary", has_text=f"Iteration {number} · {title} · ")).to_be_visible()
    expect(report.get_by_text("Answer", exact=True)).to_be_visible()
    expect(report.locator("table", has_text="months_since_first_order")).to_be_visible()
