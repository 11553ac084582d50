"""HTML that model code displays is sanitized (nh3/ammonia) in the panel and the saved report: tables and plots
survive; scripts, event handlers and ``javascript:`` URLs do not."""
from __future__ import annotations

import base64
import re

import pandas as pd
import pytest

from rlm_jupyter.engine.record.trajectory import CodeCell
from rlm_jupyter.jupyter.cells import cell_html, sanitize_html
from rlm_jupyter.testing import FakeLLMServer, Scripted
from rlm_jupyter.testing.kernel import KernelSession

HOSTILE = ('<script>window.pwned = 1</script><b onclick="steal()">bold</b><img src="x" onerror="steal()">'
           '<a href="javascript:steal()">link</a><iframe src="https://example.com"></iframe>'
           '<svg onload="steal()"><script>steal()</script></svg>')
SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>steal()</script><rect width="5" height="5"/></svg>'


def _clean(page: str) -> None:
    """No live markup that runs code: the same words may appear as escaped text (the model's code is shown)."""
    lowered = page.lower()
    for tag in ("<script", "<iframe", "<svg"):
        assert tag not in lowered, tag
    assert not re.search(r"<[^>]*\son\w+\s*=", lowered), "an event handler attribute"
    assert not re.search(r"<[^>]*(href|src)\s*=\s*[\"']?\s*javascript:", lowered), "a javascript: URL"


def test_scripts_handlers_and_javascript_urls_are_removed() -> None:
    cleaned = sanitize_html(HOSTILE)
    _clean(cleaned)
    assert "<b>bold</b>" in cleaned and "link</a>" in cleaned


@pytest.mark.parametrize("frame", [pd.DataFrame({"city": ["Oslo", "Lima"], "n": [3, 4]})])
def test_a_dataframe_table_survives_with_its_look(frame: pd.DataFrame) -> None:
    cleaned = sanitize_html(frame.to_html())
    assert '<table border="1" class="dataframe">' in cleaned and "<td>Oslo</td>" in cleaned


def test_svg_becomes_an_image_and_png_stays_one() -> None:
    png = base64.b64encode(b"\x89PNG\r\n\x1a\nfake").decode()
    cell = CodeCell("plot()", outputs=[{"data": {"image/svg+xml": SVG}, "metadata": {}},
                                       {"data": {"image/png": png}, "metadata": {}},
                                       {"data": {"text/html": HOSTILE}, "metadata": {}}])
    page = cell_html(cell)
    _clean(page)
    assert page.count("<img") >= 3  # the SVG, the PNG, and the hostile HTML's (cleaned) img
    svg_src = page.split('src="data:image/svg+xml;base64,', 1)[1].split('"', 1)[0]
    assert base64.b64decode(svg_src).decode() == SVG  # drawn as an image: a browser runs no script in it
    assert f"data:image/png;base64,{png}" in page


def test_in_a_kernel_the_report_and_the_record_keep_no_script(kernel: KernelSession, server: FakeLLMServer) -> None:
    code = ("from IPython.display import HTML, SVG, display\nimport pandas as pd\n"
            f"display(HTML({HOSTILE!r}))\ndisplay(SVG({SVG!r}))\n"
            "display(pd.DataFrame({'city': ['Oslo'], 'n': [3]}))\nx = len(data)\nprint(x)")  # reads, shows
    server.models["root"] = Scripted([f"```repl\n{code}\n```", "FINAL_VAR(x)"])
    kernel.ok("data = [1]")
    out = kernel.ok('%rlm data "show" --model root')
    report = out.displays[-1]["data"]["text/html"]
    _clean(report)
    assert "<td>Oslo</td>" in report and "data:image/svg+xml;base64," in report and "<b>bold</b>" in report
