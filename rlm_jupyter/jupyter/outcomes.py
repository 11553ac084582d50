"""What a ``%rlm`` cell does when its run ended without an accepted answer: it fails, the Jupyter way.

Why: Jupyter's contract is that an exception stops Run All, and papermill, ``nbconvert --execute``, nbclient
and nbval stop at a cell that raised. A run that is out of turns, repeated itself, hit a limit, lost its
endpoint or was declined did not do the cell's job; when its cell stayed green, the next cell read a missing
or stale answer and failed far from the cause. So, after the report is shown (the trail is the evidence), the
cell fails with one line naming the status and what to do; the answer variable is not bound, and ``rlm_run``
keeps the trail and any partial answer (flagged as salvaged). ``unanswered = "keep"`` (a setting) lets an
interactive user bind that partial answer instead. A Stop or a kernel interrupt is the user's own request to
stop: it raises a ``KeyboardInterrupt``, so the cells queued after it do not run, whatever the setting.

The errors are shown by their message alone (IPython renders ``_render_traceback_`` in place of a
traceback), as notebook-wide replay's ``ReplayFailed`` is: a traceback through the magic's frames says nothing
a reader can act on.
"""
from __future__ import annotations

from ..demo_model.launch import demo_note
from ..engine.record.trajectory import Run
from ..text import clip

MESSAGE_CHARS = 300  # of the run's own message (an endpoint's error text can be long), in the one line


class OneLine:
    """Shown by IPython as one line, ``Name: message``, instead of a traceback (``_render_traceback_``)."""

    def _render_traceback_(self) -> list[str]:
        return [f"{type(self).__name__}: {self}"]


class CellFailed(OneLine, Exception):
    """A ``%rlm`` cell that did not do its job: an error output every tool stops on, shown as its message."""


class NotAnswered(CellFailed):
    """The run ended without an accepted answer (``Run.status`` other than ``final``)."""


class RunStopped(OneLine, KeyboardInterrupt):
    """The run was stopped (the Stop button, a kernel interrupt): stops the queued cells as an interrupt does."""


# What to do, per status: the run's own message says what happened.
_FIXES = {
    "declined": "ask another model, or rephrase the question",
    "max_iterations": "raise --max-iterations or ask a narrower question",
    "repetition": "rephrase the question or ask a stronger model",
    "budget": "raise the limit it names (--budget, --max-subcalls, or RLMMagics.max_tokens) or ask something smaller",
    "timeout": "raise --timeout or ask something smaller",
    "error": "fix what the message names, then run the cell again",
}
_DEMO_FIX = ("the demo model answers only its example questions (cohort retention, a magic number, error patterns, "
             "the Dask and Spark notebooks'); to ask a real one: %rlm demo off, then set RLMMagics.model and base_url")


def outcome_error(run: Run, record: str, *, keep: bool) -> BaseException | None:
    """The error a cell raises for ``run``, or None when the cell does its job (an answer, or ``keep``).

    ``record`` is the variable ``run`` is bound to (``rlm_run``, or ``rlm_run_2`` beside a user's own).
    ``keep`` is the ``unanswered = "keep"`` setting: the partial answer is bound instead, and only a stop raises.
    """
    if run.status == "final":
        return None
    if run.status == "interrupted":
        return RunStopped(f"%rlm: stopped (status 'interrupted'); {_kept(run, record)}; run the cell again to start "
                          "over")
    if keep:
        return None
    fix = _DEMO_FIX if run.status == "declined" and demo_note(run.model) else _FIXES.get(run.status, _FIXES["error"])
    said = clip(" ".join(run.message.split()), MESSAGE_CHARS, keep="head")  # one line, whatever the endpoint wrote
    return NotAnswered(f"%rlm: no answer (status {run.status!r}: {said}); "
                       f"{fix}; {_kept(run, record)}"
                       + ('; %config RLMMagics.unanswered = "keep" binds it instead of failing'
                          if run.answer is not None else ""))


def _kept(run: Run, record: str) -> str:
    """Where the trail is, and the partial answer when there is one."""
    if run.answer is None:
        return f"the trail is in {record}"
    return f"the trail is in {record}, with a partial answer the model did not confirm ({record}.answer, of type " \
           f"{type(run.answer).__name__})"
