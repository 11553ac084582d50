"""What the capability guard did in a run, worded once for the live panel and the saved report.

Why one module: "guard: refused 2 actions" is what a reader checks before trusting an answer drawn from data
that could carry instructions, live and in the saved notebook alike, so both must read the same. Each
``GuardAction`` becomes one line (the category in code font, then what was attempted, and where); the run's
actions become one summary. Nothing here holds a timing or a path that changes between runs except what the
model's code itself tried: nbval compares these lines.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..engine.record.trajectory import GuardAction, Run
from ..engine.safety.guard import OS_LIMITS
from ..text import clip, plural
from .markup import esc

WHAT_CHARS = 300  # what was attempted, on its line (the record keeps it whole)
REFUSED_STYLE = "background: #ffebe9; color: #82071e; padding: 1px 6px"
LET_THROUGH_STYLE = "background: #fff8c5; color: #6b4c00; padding: 1px 6px"


def mode_of(run: Run) -> str:
    """The guard mode the run used (on, warn, off), or "" for a record from before the guard."""
    mode = run.settings.get("guard")
    return mode if isinstance(mode, str) else ""


def allowed_of(run: Run) -> str:
    allow = run.settings.get("allow")
    return allow if isinstance(allow, str) else ""


def action_text(action: GuardAction) -> str:
    """One action: "refused `proc`: os.system('curl ... | sh') (iteration 2, block 1)"."""
    if action.by == "os":
        verb = f"refused by {OS_LIMITS}" if action.refused else f"ran under {OS_LIMITS}"
    else:
        verb = "refused" if action.refused else "let through (warn)"
    where = []
    if action.iteration is not None:
        where.append(f"iteration {action.iteration + 1}" + (f", block {action.cell + 1}" if action.cell is not None
                                                            else ""))
    if action.thread:
        where.append(f"thread {action.thread}")
    place = f" ({'; '.join(where)})" if where else ""
    return f"{verb} `{action.category}`: {clip(action.what, WHAT_CHARS, keep='head')}{place}"


def summarize(actions: list[GuardAction], mode: str, allowed: str = "") -> str:
    """The run's guard in plain words: "on: refused 2 actions of the model's code (proc, net)" (the live panel
    passes the actions so far)."""
    if not mode:
        return ""
    limits = [a for a in actions if a.by == "os"]
    by_os = [a for a in limits if a.refused]
    os_part = f"{plural(len(by_os), 'action')} refused by {OS_LIMITS}: {_categories(by_os)}" if by_os else ""
    if mode == "off":
        return "; ".join(filter(None, ["off: the model's code ran with every permission the kernel has", os_part]))
    refused = [a for a in actions if a.refused and a.by != "os"]
    through = [a for a in actions if not a.refused and a.by != "os"]
    parts = [f"refused {plural(len(refused), 'action')} of the model's code ({_categories(refused)})" if refused else
             "the model's code tried nothing it may not do" if mode == "on" and not by_os else "", os_part]
    if through:
        parts.append(f"{plural(len(through), 'action')} let through and recorded ({_categories(through)})")
    if allowed:
        parts.append(f"allowed: {allowed}")
    said = "; ".join(filter(None, parts))
    return f"{mode}: {said}" if said else mode


def _categories(actions: Iterable[GuardAction]) -> str:
    counts = Counter(a.category for a in actions)
    return ", ".join(name if n == 1 else f"{name} ({n})" for name, n in counts.items())


def action_html(action: GuardAction) -> str:
    words = action_text(action)
    before, _, rest = words.partition("`")
    category, _, after = rest.partition("`")
    style = REFUSED_STYLE if action.refused else LET_THROUGH_STYLE
    return (f'<div class="rlm-guard" style="white-space: pre-wrap; {style}">guard {esc(before)}'
            f"<code>{esc(category)}</code>{esc(after)}</div>")


def actions_html(actions: Iterable[GuardAction]) -> str:
    lines = "".join(action_html(a) for a in actions)
    return f'<div class="rlm-guard-actions">{lines}</div>' if lines else ""


def in_iteration(actions: Iterable[GuardAction], run_id: str, index: int) -> list[GuardAction]:
    """The actions of one run's turn (a child run's own turns are shown inside its sub-call row)."""
    return [a for a in actions if a.run_id == run_id and a.iteration == index]


def summary_html(run: Run) -> str:
    """The report's "guard" row: the summary, then every action with what was attempted."""
    words = summarize(run.guard, mode_of(run), allowed_of(run))
    if not words:
        return ""
    return f"{esc(words)}{actions_html(run.guard)}"


def summary_line(run: Run) -> str:
    """The text summary's line, only when there is something to say: an action, or a guard that was not on."""
    mode = mode_of(run)
    if not run.guard and mode in ("on", ""):
        return ""
    lines = [f"guard: {summarize(run.guard, mode, allowed_of(run))}"]
    lines += [f"  {action_text(a)}" for a in run.guard]
    return "\n".join(lines)


__all__ = ["action_html", "action_text", "actions_html", "allowed_of", "in_iteration", "mode_of", "summarize",
           "summary_html", "summary_line"]
