"""The run's timeline: iteration blocks, and how many sub-calls were in flight at each moment.

Why an SVG drawn here rather than a chart library: inline SVG with no scripts
or dependencies shows wherever the HTML does (GitHub, nbviewer, a live
widget), and the step chart is what tells a batch that ran in parallel from
one that queued.
"""
from __future__ import annotations

import base64
from collections.abc import Callable, Iterable

from ..engine.record.trajectory import Iteration, Run, SubCall, subcall_count
from ..text import plural
from .format import seconds
from .markup import esc


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


def timeline_svg(run: Run, width: int = 640, height: int = 90) -> str:
    """Where the time went: iteration blocks on top, sub-calls in flight (a step chart) below."""
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
    # With no sub-calls there is no chart: its axis would read "0" at the top and the bottom.
    chart = (f'<g><title>sub-calls in flight, peak {peak}</title>'
             f'<path d="{path}" fill="#f58518" fill-opacity="0.35" stroke="#f58518"/>'
             f'<text class="rlm-peak" x="{left - 4}" y="{chart_top + 8}" text-anchor="end">{peak}</text>'
             f'<text x="{left - 4}" y="{chart_bottom}" text-anchor="end">0</text></g>') if peak else ""
    caption = f"sub-calls in flight (peak {peak})" if peak else "no sub-calls"
    parts = [
        f'<text x="{left - 4}" y="16" text-anchor="end">iter.</text>',
        *(_iteration_block(i, it, x, width - right) for i, it in enumerate(run.iterations, 1)),
        chart,
        f'<line x1="{left}" y1="{chart_bottom + 1}" x2="{width - right}" y2="{chart_bottom + 1}" stroke="#888"/>',
        f'<text x="{left}" y="{height - 4}">0 s</text>',
        f'<text x="{(left + width - right) / 2:.0f}" y="{height - 4}" text-anchor="middle" fill="#555">'
        f'{caption}</text>',
        f'<text x="{width - right}" y="{height - 4}" text-anchor="end">{esc(seconds(total))}</text>',
    ]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12" role="img" '
            f'aria-label="run timeline">{"".join(parts)}</svg>')


def timeline_img(run: Run) -> str:
    """The timeline as an ``<img>`` of the SVG, for the saved report.

    Why not the SVG inline: a notebook a colleague opens is not trusted, and
    JupyterLab and Notebook 7 then sanitize inline SVG away (its labels run
    together as text), while an image with a data URL is kept; so are images
    in nbconvert's HTML. The per-iteration tooltips live in the alt text.
    """
    svg = timeline_svg(run)
    tips = "; ".join(f"iteration {i}: {seconds(it.duration_s)}, {plural(len(it.subcalls), 'sub-call')}"
                     for i, it in enumerate(run.iterations, 1))
    data = base64.b64encode(svg.encode()).decode()
    return f'<img class="rlm-timeline" alt="run timeline: {esc(tips)}" src="data:image/svg+xml;base64,{data}"/>'


def _timeline_end(run: Run) -> float:
    """Where the drawing ends: the wall time, or later if an iteration or a call (each timed apart) ends after it."""
    ends = [run.wall_s] + [it.started_s + it.duration_s for it in run.iterations]
    ends += [c.started_s + (c.latency_s or 0.0) for c in run.subcalls]
    return max(ends)


def _iteration_block(number: int, it: Iteration, x: Callable[[float], float], edge: float) -> str:
    """One iteration's bar, at least 3 px wide so a quick one still shows, always numbered; details in the tooltip.

    A bar too narrow for its number (a final ``FINAL_VAR`` turn is often a sliver) gets the number beside it,
    in dark ink: after the bar, or before it when the bar ends at the chart's right ``edge``.
    """
    x0 = x(it.started_s)
    w = max(x(it.started_s + it.duration_s) - x0, 3.0)
    tip = f"iteration {number}: {seconds(it.duration_s)}, {subcall_count(it.subcalls)}"
    if w >= 8 * len(str(number)) + 6:
        label = f'<text x="{x0 + w / 2:.1f}" y="17" text-anchor="middle" fill="#fff">{number}</text>'
    elif x0 + w + 4 + 8 * len(str(number)) <= edge:
        label = f'<text x="{x0 + w + 2:.1f}" y="17" fill="#333">{number}</text>'
    else:
        label = f'<text x="{x0 - 2:.1f}" y="17" text-anchor="end" fill="#333">{number}</text>'
    fill = "#4c78a8" if number % 2 else "#72b7b2"
    return (f'<g><title>{esc(tip)}</title>'
            f'<rect x="{x0:.1f}" y="4" width="{w:.1f}" height="18" fill="{fill}"/>{label}</g>')
