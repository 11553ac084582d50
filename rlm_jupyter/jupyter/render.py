"""HTML fragments of run records, shared by the live panel and the static report.

Why plain strings of semantic HTML (``<details>``, ``<pre>``, ``<table>``)
with only a few inline styles: a saved notebook is read on GitHub, nbviewer
and nbconvert, which drop ``<style>`` blocks and class-based styling, so the
structure alone must carry the meaning. Everything the model or the data
produced is escaped (model output can contain ``<script>``), except rich
display bundles' HTML and SVG: the user's own code displayed those, and
Jupyter shows them as markup too.

Numbers that change from one run of the same notebook to the next (timings,
money, the timeline's geometry) are wrapped by ``volatile`` so that one regex,
``VOLATILE_PATTERN``, can sanitize them for nbval.
"""
from __future__ import annotations

import base64
import html
import math
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer

from ..engine.executor import safe_repr
from ..engine.text import clip_middle
from ..engine.trajectory import CodeCell, Iteration, Run, SubCall, Usage

MAX_TEXT_CHARS = 20_000  # per stream embedded in a page; the record keeps the full text
MAX_EMBED_CHARS = 2_000_000  # raw HTML/SVG/image payloads above this fall back to a text representation
PREVIEW_CHARS = 500  # prompt/response previews in the sub-call table
VOLATILE_CLASS = "rlm-volatile"
# Volatile spans never contain another </span>, so this non-greedy match is exact (usable as an nbval sanitizer).
VOLATILE_PATTERN = r'(?s)<span class="rlm-volatile">.*?</span>'

_PRE_STYLE = "margin: 2px 0; padding: 4px 6px; white-space: pre-wrap; word-break: break-word"
_STREAM_STYLES = {  # (visible label, extra inline style); the label marks the stream where styles are stripped
    "stdout": ("", ""),
    "stderr": ("stderr", "background: #fff8e1"),
    "value": ("value", ""),
    "error": ("error", "background: #fdecea; color: #8a1c1c"),
}
_EMBEDDED_IMAGES = ("image/png", "image/jpeg", "image/gif")
# Preference order for a display bundle, as Jupyter's own renderers choose.
_MIME_ORDER = ("text/html", "image/png", "image/svg+xml", "image/jpeg", "image/gif", "text/markdown", "text/plain")
_RAW_MIMES = ("text/html", "image/svg+xml")


# -- numbers -------------------------------------------------------------------
def money(usd: float | None) -> str:
    """Dollars with enough decimals to tell small sub-call costs apart; ``unpriced`` when unknown."""
    if usd is None:
        return "unpriced"
    if abs(usd) >= 1:
        return f"${usd:,.2f}"
    if usd == 0:
        return "$0.00"
    decimals = min(10, max(4, 1 - math.floor(math.log10(abs(usd)))))  # at least 2 significant digits
    return f"${usd:.{decimals}f}"


def seconds(s: float | None) -> str:
    """A duration as people read it: "0.21 s", "3.4 s", "2 min 05 s"; a dash when unknown."""
    if s is None:
        return "–"
    s = max(0.0, s)
    if round(s, 2) < 1:
        return f"{s:.2f} s"
    if round(s, 1) < 60:
        return f"{s:.1f} s"
    total = round(s)
    if total < 3600:
        return f"{total // 60} min {total % 60:02d} s"
    return f"{total // 3600} h {total % 3600 // 60:02d} min"


def tokens(n: int) -> str:
    return f"{n:,}"


def plural(n: int, noun: str) -> str:
    """``plural(1, "sub-call")`` -> "1 sub-call"; the report and its text form share the wording."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def cache_line(run: Run) -> str:
    """'3 cached calls saved $0.0123', or '' when the cache answered nothing."""
    cached = sum(u.cached_calls for u in run.usage.values())
    return f"{plural(cached, 'cached call')} saved {money(run.saved_usd)}" if cached else ""


def usage_line(usage: Mapping[str, Usage]) -> str:
    """Tokens per model, in the order the models were first used."""
    if not usage:
        return "no model calls"
    return " · ".join(f"{model}: {tokens(u.prompt_tokens)} in / {tokens(u.completion_tokens)} out"
                      for model, u in usage.items())


def volatile(fragment: str) -> str:
    """Mark a fragment that differs between runs (timing, money) so nbval can sanitize it."""
    return f'<span class="{VOLATILE_CLASS}">{fragment}</span>'


# -- text and code ---------------------------------------------------------------
def esc(text: str) -> str:
    return html.escape(text, quote=True)


def head(text: str, limit: int) -> str:
    """The start of ``text`` with a marker saying how much was left out (previews read from the top)."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}\n... {len(text) - limit:,} characters not shown"


def pre(text: str, *, style: str = "", cls: str = "", limit: int = MAX_TEXT_CHARS) -> str:
    """Escaped, wrapped, capped text. The cap keeps head and tail: a traceback's end is what matters."""
    attrs = f' class="{cls}"' if cls else ""
    return f'<pre{attrs} style="{_PRE_STYLE}{"; " + style if style else ""}">{esc(clip_middle(text, limit))}</pre>'


def code_html(code: str) -> str:
    """Highlighted Python with inline colours (``noclasses``), so it stays coloured without any CSS.

    The text colour is set explicitly: Pygments leaves plain names uncoloured,
    and on a dark notebook theme they would be light text on its light background.
    """
    formatter = HtmlFormatter(noclasses=True, nowrap=False, cssstyles="color: #1f2328; margin: 2px 0",
                              prestyles="margin: 0; padding: 4px 6px; overflow-x: auto")
    return highlight(clip_middle(code, MAX_TEXT_CHARS), PythonLexer(stripnl=False, ensurenl=False), formatter)


def _stream(kind: str, text: str) -> str:
    label, style = _STREAM_STYLES[kind]
    caption = f"<small><b>{label}</b></small>" if label else ""
    return f'<div class="rlm-{kind}">{caption}{pre(text, style=style)}</div>'


def cell_html(cell: CodeCell) -> str:
    """One code block as a notebook shows a cell: the code, then what it printed, returned, raised, displayed."""
    streams = [("stdout", cell.stdout), ("stderr", cell.stderr), ("value", cell.value), ("error", cell.error)]
    parts = [code_html(cell.code)]
    parts += [_stream(kind, text) for kind, text in streams if text]
    parts.append(outputs_html(cell.outputs))
    return f'<div class="rlm-cell">{"".join(parts)}</div>'


# -- rich display outputs ----------------------------------------------------------
def _payload(value: Any) -> str:
    """nbformat stores long texts as lists of lines; IPython may hand images over as bytes."""
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(bytes(value)).decode("ascii")
    if isinstance(value, list):
        return "".join(str(v) for v in value)
    return value if isinstance(value, str) else str(value)


def _image(mime: str, data: str, metadata: Mapping[str, Any]) -> str:
    size = metadata.get(mime, {}) if isinstance(metadata.get(mime), Mapping) else {}
    dims = "".join(f' {k}="{esc(str(size[k]))}"' for k in ("width", "height") if k in size)
    return f'<img src="data:{mime};base64,{esc("".join(data.split()))}" alt="{mime} output"{dims}>'


def _render_mime(mime: str, data: str, metadata: Mapping[str, Any]) -> str:
    if mime in _RAW_MIMES:
        return data  # displayed by the user's own code: Jupyter renders it as markup too
    if mime in _EMBEDDED_IMAGES:
        return _image(mime, data, metadata)
    return pre(data)


def _bundle_html(output: Mapping[str, Any]) -> str:
    data = output.get("data", output)  # tolerate a bare mime bundle as well as {"data", "metadata"}
    metadata = output.get("metadata") or {}
    for mime in _MIME_ORDER:
        if mime not in data:
            continue
        payload = _payload(data[mime])
        if len(payload) <= MAX_EMBED_CHARS or not (mime in _RAW_MIMES or mime in _EMBEDDED_IMAGES):
            return f'<div class="rlm-output">{_render_mime(mime, payload, metadata)}</div>'
    kinds = ", ".join(str(m) for m in data) or "nothing"
    return f'<div class="rlm-output">{pre(f"[display output not shown: {kinds}]")}</div>'


def outputs_html(outputs: Iterable[Mapping[str, Any]]) -> str:
    """The rich display outputs of a cell (DataFrame tables, plots), in display order."""
    return "".join(_bundle_html(o) for o in outputs)


# -- sub-calls ---------------------------------------------------------------------
def _call_status(call: SubCall) -> str:
    if call.error is not None:
        first = call.error.strip().splitlines()[0][:120] if call.error.strip() else ""
        return f"error: {first}" if first else "error"
    if call.response is None:
        return "running"
    return "ok (cached)" if call.cached else "ok"


def _call_details(call: SubCall, child_html: Callable[[Run], str] | None) -> str:
    summary = " ".join(call.prompt[:80].split()) or "(empty prompt)"
    parts = ["<b>prompt</b>", pre(head(call.prompt, PREVIEW_CHARS))]
    if call.response is not None:
        parts += ["<b>response</b>", pre(head(call.response, PREVIEW_CHARS))]
    if call.error is not None:
        parts += ["<b>error</b>", pre(head(call.error, PREVIEW_CHARS), style=_STREAM_STYLES["error"][1])]
    if call.child is not None:
        child = child_html(call.child) if child_html else pre(call.child.summary())
        parts.append(f"<details><summary>child run: {esc(call.child.summary())}</summary>{child}</details>")
    return f"<details><summary>{esc(summary)}</summary>{''.join(parts)}</details>"


def _call_row(call: SubCall, child_html: Callable[[Run], str] | None) -> str:
    model = esc(call.model) + (" (rlm)" if call.kind == "rlm" else "")
    cells = [str(call.id), model, esc(_call_status(call)), volatile(seconds(call.latency_s)),
             f"{tokens(call.prompt_tokens)} / {tokens(call.completion_tokens)}", volatile(money(call.cost_usd)),
             str(call.retries), _call_details(call, child_html)]
    return '<tr style="vertical-align: top">' + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"


def subcalls_html(calls: Iterable[SubCall], child_html: Callable[[Run], str] | None = None,
                  limit: int | None = None) -> str:
    """A table of sub-calls, ordered by id; ``child_html`` renders the child run of an ``rlm_query``.

    Why the callable: the report renders child runs with itself, and passing
    it in keeps this module free of an import cycle with ``report``. ``limit``
    keeps a 10,000-call batch from saving a 10,000-row table in the notebook
    (failed calls are always listed; every call stays in the trajectory).
    """
    calls = sorted(calls, key=lambda c: c.id)
    if not calls:
        return ""
    shown = calls
    if limit is not None and len(calls) > limit:
        failed = [c for c in calls if c.error is not None]
        shown = sorted({c.id: c for c in calls[:limit] + failed[:limit]}.values(), key=lambda c: c.id)
    columns = ("#", "model", "status", "latency", "tokens in / out", "cost", "retries", "prompt / response")
    header = "".join(f'<th style="text-align: left">{c}</th>' for c in columns)
    rows = "".join(_call_row(call, child_html) for call in shown)
    more = (f"<p><i>{len(calls) - len(shown):,} more sub-calls are not listed here; all are in the run's "
            "trajectory (rlm_run.subcalls, or the output metadata).</i></p>" if len(shown) < len(calls) else "")
    return f'<table class="rlm-subcalls"><thead><tr>{header}</tr></thead><tbody>{rows}</tbody></table>{more}'


# -- timeline --------------------------------------------------------------------
def call_interval(call: SubCall, run_end: float) -> tuple[float, float]:
    """When a sub-call was in flight. No latency means still running (ends at ``run_end``) or failed early."""
    start = call.started_s
    if call.latency_s is not None:
        end = start + call.latency_s
    elif call.error is None and call.response is None:
        end = run_end
    else:
        end = start
    return start, max(start, end)


def in_flight(intervals: Iterable[tuple[float, float]]) -> list[tuple[float, int]]:
    """(time, sub-calls in flight just after it) at each distinct start/end time.

    Intervals are half-open: counting only after every event at an instant, a
    call ending exactly when another starts does not overlap it, and a call that
    took no time is never in flight.
    """
    intervals = list(intervals)
    events = sorted([(s, 1) for s, _ in intervals] + [(e, -1) for _, e in intervals])
    steps: list[tuple[float, int]] = []
    count = 0
    for t, delta in events:
        count += delta
        if steps and steps[-1][0] == t:
            steps[-1] = (t, count)
        else:
            steps.append((t, count))
    return steps


def _timeline_end(run: Run) -> float:
    ends = [run.wall_s] + [it.started_s + it.duration_s for it in run.iterations]
    ends += [c.started_s + (c.latency_s or 0.0) for c in run.subcalls]
    return max(ends)


def timeline_svg(run: Run, width: int = 640, height: int = 90) -> str:
    """Where the time went: iteration blocks on top, sub-calls in flight (a step chart) below.

    Inline SVG with no scripts or dependencies, so it shows wherever the HTML does.
    """
    total = _timeline_end(run)
    left, right, chart_top, chart_bottom = 40, 8, 28, height - 18

    def x(t: float) -> float:
        return left + (width - left - right) * (t / total if total > 0 else 0.0)

    steps = in_flight([call_interval(c, total) for c in run.subcalls])
    peak = max((n for _, n in steps), default=0)

    def y(n: int) -> float:
        return chart_bottom - (chart_bottom - chart_top) * n / peak if peak else chart_bottom

    path = f"M{x(0):.1f},{y(0):.1f}" + "".join(f"H{x(t):.1f}V{y(n):.1f}" for t, n in steps)
    path += f"H{x(total):.1f}V{y(0):.1f}Z"
    parts = [
        f'<text x="{left - 4}" y="16" text-anchor="end">iter.</text>',
        *(_iteration_block(i, it, x) for i, it in enumerate(run.iterations, 1)),
        f'<g><title>sub-calls in flight, peak {peak}</title>'
        f'<path d="{path}" fill="#f58518" fill-opacity="0.35" stroke="#f58518"/>'
        f'<text class="rlm-peak" x="{left - 4}" y="{chart_top + 8}" text-anchor="end">{peak}</text>'
        f'<text x="{left - 4}" y="{chart_bottom}" text-anchor="end">0</text></g>',
        f'<line x1="{left}" y1="{chart_bottom + 1}" x2="{width - right}" y2="{chart_bottom + 1}" stroke="#888"/>',
        f'<text x="{left}" y="{height - 4}">0 s</text>',
        f'<text x="{(left + width - right) / 2:.0f}" y="{height - 4}" text-anchor="middle" fill="#555">'
        f'sub-calls in flight (peak {peak})</text>',
        f'<text x="{width - right}" y="{height - 4}" text-anchor="end">{esc(seconds(total))}</text>',
    ]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="10" role="img" '
            f'aria-label="run timeline">{"".join(parts)}</svg>')


def _iteration_block(number: int, it: Iteration, x: Callable[[float], float]) -> str:
    x0 = x(it.started_s)
    w = max(x(it.started_s + it.duration_s) - x0, 1.0)
    tip = f"iteration {number}: {seconds(it.duration_s)}, {plural(len(it.subcalls), 'sub-call')}"
    label = (f'<text x="{x0 + w / 2:.1f}" y="16" text-anchor="middle" fill="#fff">{number}</text>'
             if w >= 12 else "")
    fill = "#4c78a8" if number % 2 else "#72b7b2"
    return (f'<g><title>{esc(tip)}</title>'
            f'<rect x="{x0:.1f}" y="4" width="{w:.1f}" height="18" fill="{fill}"/>{label}</g>')


# -- answers ---------------------------------------------------------------------
def answer_preview_html(answer: object) -> str:
    """A DataFrame as a bounded table; text as text; anything else as a bounded repr (never a 40M-char one)."""
    pandas = sys.modules.get("pandas")  # an answer can only be a DataFrame if pandas is already imported
    if pandas is not None and isinstance(answer, pandas.Series):
        answer = answer.to_frame()
    if pandas is not None and isinstance(answer, pandas.DataFrame):
        return answer.to_html(max_rows=10, max_cols=12)
    if answer is None:
        return "<p><i>no answer</i></p>"
    if isinstance(answer, str):
        return pre(answer)
    return pre(safe_repr(answer))
