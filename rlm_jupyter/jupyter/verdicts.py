"""What the acceptance gates decided, worded once for the live panel and the saved report.

Why one module: which gate refused a FINAL, which block was not run, and that an answer was accepted with a
mark are what a reader checks before trusting a run, live and in the saved notebook alike, so both must read
the same. Each ``Verdict`` of a turn becomes one line (the gate's name in code font, then what the model was
told or, for a mark, what the gate found); the run's verdicts become one summary ("2 refusals: unseen-value,
picked-by-eye; accepted with 1 mark: row-mismatch"). Nothing here holds a timing: nbval compares these lines.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from ..engine.record.trajectory import Iteration, Run, Verdict
from ..text import bounded_repr, clip, plural
from .markup import esc

DEFAULT_POLICY = "strict"  # a record from before the acceptance setting ran under the rules strict keeps
TEXT_NOTE_CHARS = 200  # a verdict's note on its line of the text summary
HTML_NOTE_CHARS = 2_000  # ... and in the page (the record keeps it whole)
VALUES_CHARS = 300  # what a gate looked at, worded when it told the model nothing
WOULD_SAY = "would_say"  # a mark's values: what the gate would have told the model had it refused

REFUSED_STYLE = "background: #fff1e5; color: #8a3b00; padding: 1px 6px"
MARKED_STYLE = "background: #fff8c5; color: #6b4c00; padding: 1px 6px; font-weight: bold"
NOT_RUN_STYLE = "color: #8a3b00; padding: 1px 6px"
NOTED_STYLE = "color: #57606a; padding: 1px 6px; font-size: smaller"
FAILED_STYLE = "background: #ffebe9; color: #82071e; padding: 1px 6px"
_STYLES = {"refused": REFUSED_STYLE, "marked": MARKED_STYLE, "not-run": NOT_RUN_STYLE, "noted": NOTED_STYLE,
           "failed": FAILED_STYLE}


# -- one verdict ------------------------------------------------------------------------------------------------------
def _words(verdict: Verdict, limit: int) -> tuple[str, str, str]:
    """The line around the gate's name: (before, gate, after), in plain text."""
    detail = _detail(verdict, limit)
    tail = f": {detail}" if detail else ""
    if verdict.action == "refused":
        return "refused by ", verdict.gate, tail
    if verdict.action == "marked":
        block = f" (block {verdict.cell + 1})" if verdict.cell is not None else ""
        return "marked by ", verdict.gate, f"{block}{tail}"
    if verdict.action == "failed":
        return "check failed (", verdict.gate, f"), the answer was not judged by it{tail}"
    if verdict.action == "not-run":  # the block's own error says what the model was told: the block, the gate
        block = f"block {verdict.cell + 1}" if verdict.cell is not None else "a block"
        return f"{block} not run (", verdict.gate, ")"
    return "note (", verdict.gate, f"){tail}"


def _detail(verdict: Verdict, limit: int) -> str:
    """What the model was told; for a mark (the model was told nothing), what the gate found.

    A mark's values hold what the gate would have said (``would_say``), worded to the model as a refusal
    ("Your FINAL was not accepted"), which it was not: the other values say what was found, that text only
    when there is nothing else.
    """
    found = {k: v for k, v in verdict.values.items() if k != WOULD_SAY}
    text = verdict.note.strip() or _values(found) or str(verdict.values.get(WOULD_SAY, "")).strip()
    return clip(text, limit, keep="head")


def _would_say(verdict: Verdict) -> str:
    """A mark's refusal text, when the line shows the values instead: the page gives it as a quiet aside."""
    would = str(verdict.values.get(WOULD_SAY) or "").strip()
    shown = verdict.note.strip() or _values({k: v for k, v in verdict.values.items() if k != WOULD_SAY})
    return clip(would, HTML_NOTE_CHARS, keep="head") if verdict.action == "marked" and would and shown else ""


def _values(values: Mapping[str, Any]) -> str:
    def one(value: Any) -> str:
        if isinstance(value, str):
            return value
        if isinstance(value, (list, tuple)) and all(isinstance(v, (str, int, float)) for v in value):
            return ", ".join(str(v) for v in value)
        return bounded_repr(value, VALUES_CHARS)

    words = "; ".join(f"{key.replace('_', ' ')}: {one(value)}" for key, value in values.items())
    return clip(words, VALUES_CHARS, keep="head")


def verdict_text(verdict: Verdict) -> str:
    """One line of the text summary: "refused by `unseen-value`: 2,310.40 never appeared in any output ..."."""
    before, gate, after = _words(verdict, TEXT_NOTE_CHARS)
    return " ".join(f"{before}`{gate}`{after}".split())  # one line, whatever the note's layout


def verdict_html(verdict: Verdict) -> str:
    """One verdict as a line of the page: the gate in code font, the note escaped; a mark stands out."""
    before, gate, after = _words(verdict, HTML_NOTE_CHARS)
    style = _STYLES.get(verdict.action, NOTED_STYLE)
    would = _would_say(verdict)
    aside = (f'<br><small style="font-weight: normal; color: #57606a">a refusal would have told the model: '
             f"{esc(would)}</small>" if would else "")
    return (f'<div class="rlm-verdict rlm-{esc(verdict.action)}" style="white-space: pre-wrap; {style}">'
            f"{esc(before)}<code>{esc(gate)}</code>{esc(after)}{aside}</div>")


def verdicts_html(verdicts: Iterable[Verdict]) -> str:
    """A turn's verdicts, in the order the policy decided them (nothing for a turn without any)."""
    lines = "".join(verdict_html(v) for v in verdicts)
    return f'<div class="rlm-verdicts">{lines}</div>' if lines else ""


def turn_marks(it: Iteration | Iterable[Verdict]) -> list[str]:
    """Marks for an iteration's summary line: "FINAL refused (unseen-value)", "block 2 not run", "marked (...)"."""
    verdicts = it.verdicts if isinstance(it, Iteration) else list(it)
    marks: list[str] = []
    refused = _names(v for v in verdicts if v.action == "refused")
    if refused:
        marks.append(f"FINAL refused ({refused})")
    marks += [f"block {v.cell + 1} not run" if v.cell is not None else "a block not run"
              for v in verdicts if v.action == "not-run"]
    marked = _names(v for v in verdicts if v.action == "marked")
    if marked:
        marks.append(f"marked ({marked})")
    failed = _names(v for v in verdicts if v.action == "failed")
    if failed:
        marks.append(f"check failed ({failed})")
    return list(dict.fromkeys(marks))


# -- the run ----------------------------------------------------------------------------------------------------------
def policy_of(run: Run) -> str:
    """The acceptance policy the run used, as set ("strict,-picked-by-eye"); strict for an older record."""
    policy = run.settings.get("acceptance")
    return policy if isinstance(policy, str) and policy else DEFAULT_POLICY


def acceptance_summary(run: Run) -> str:
    """The run's checks in one line, in plain words: "2 answers refused: unseen-value, picked-by-eye (strict)"."""
    return f"{_run_detail(run)} ({policy_of(run)})"


def _run_detail(run: Run) -> str:
    return summarize([v for it in run.iterations for v in it.verdicts], run.status == "final",
                     recorded="acceptance" in run.settings)


def summarize(verdicts: list[Verdict], accepted: bool, *, recorded: bool = True) -> str:
    """What the gates did, after the policy's name (the live panel passes the verdicts so far)."""
    if not verdicts and not recorded:  # no setting and no verdict: a record from before either was kept
        return "assumed: a record from before verdicts were kept"
    by_action = {action: [v for v in verdicts if v.action == action]
                 for action in ("refused", "not-run", "marked", "noted", "failed")}
    parts = []
    if by_action["refused"]:
        parts.append(f"{plural(len(by_action['refused']), 'answer')} refused and sent back: "
                     f"{_names(by_action['refused'])}")
    else:
        parts.append("the answer passed every check" if accepted and not by_action["marked"]
                     and not by_action["failed"] else "no answer refused")
    if by_action["not-run"]:
        parts.append(f"{plural(len(by_action['not-run']), 'block')} not run: {_names(by_action['not-run'])}")
    if by_action["marked"]:
        parts.append(f"{'accepted with ' if accepted else ''}{plural(len(by_action['marked']), 'mark')}: "
                     f"{_names(by_action['marked'])}")
    if by_action["failed"]:
        parts.append(f"{plural(len(by_action['failed']), 'check')} failed and judged nothing (a bug to report): "
                     f"{_names(by_action['failed'])}")
    if by_action["noted"]:
        parts.append(f"{plural(len(by_action['noted']), 'note')} to the model: {_names(by_action['noted'])}")
    return "; ".join(parts)


def _names(verdicts: Iterable[Verdict]) -> str:
    """Gate names in the order they first acted, with a count where one acted more than once."""
    counts = Counter(v.gate for v in verdicts)
    return ", ".join(gate if n == 1 else f"{gate} ({n})" for gate, n in counts.items())


def summary_html(run: Run) -> str:
    """The report's "checks" row: what the checks did, in words, then the policy in code font."""
    return f"{esc(_run_detail(run))} (<code>{esc(policy_of(run))}</code>)"


def marks_html(run: Run) -> str:
    """An accepted answer's marks, under the answer: what a lenient policy let through, said where it is read."""
    marked = [v for it in run.iterations for v in it.verdicts if v.action == "marked"]
    if not marked or run.status != "final":
        return ""
    return (f"<p><b>Accepted with {plural(len(marked), 'mark')}</b> (acceptance <code>{esc(policy_of(run))}</code>: "
            "a soft gate marks the answer instead of refusing it)</p>" + "".join(verdict_html(v) for v in marked))


__all__ = ["acceptance_summary", "marks_html", "policy_of", "summarize", "summary_html", "turn_marks",
           "verdict_html", "verdict_text", "verdicts_html"]
