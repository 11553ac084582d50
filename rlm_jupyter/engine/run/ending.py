"""What a run that ended without an accepted ``FINAL`` still gives: one forced last reply, or a value its code
computed or printed, always flagged as not confirmed (the run's status stays what stopped it).

Why each is checked before it is kept: a salvaged or forced answer is bound in the user's namespace like an
accepted one, so it must meet the same contract (``--expect``) and, for a forced reply's value, have appeared
in what the code printed: prose alone is the model's memory, not the data.
"""
from __future__ import annotations

from typing import Any

from ..dialogue import prompts
from ..dialogue.helpers import created_names
from ..dialogue.protocol import parse_reply
from ..trust import recovery
from ..trust.acceptance import is_expected
from .budget import LimitReached
from .inputs import expect_label
from .state import RunState


def salvage(state: RunState) -> None:
    """A stopped run's best answer from what its code computed or printed, flagged (the status stays)."""
    run = state.run
    found = recovery.salvage(run, state.ns, created_names(state.ns, state.baseline))
    if found is None or not expected(state, found.answer, f"the value salvaged from {found.source}"):
        return
    run.answer = state.redacted(found.answer)
    run.answer_source = f"salvaged at the stop: {found.source} (the model did not confirm it)"
    run.message += f"; best answer salvaged from {found.source}, not confirmed by the model"


def last_word(state: RunState) -> None:
    """Out of turns: one forced call for the best partial answer (no code runs); the status stays."""
    run = state.run
    try:
        state.budget.check()
        done = state.root_call(None, prompts.OUT_OF_TURNS)
    except LimitReached:
        return
    run.last_word = state.redact(done.text)
    final = parse_reply(run.last_word).final
    if final is None or (final.kind == "value" and not recovery.in_outputs(final.text, run)):
        return  # prose alone is not an answer: a value must have appeared in what the code printed
    answer = state.ns.get(final.text) if final.kind == "var" else final.value()
    if answer is not None and expected(state, answer, "the answer of the last forced reply"):
        run.answer = state.redacted(answer)  # as an accepted FINAL
        run.answer_source = "the model's last forced reply, checked against what its code printed"
        run.message += "; the answer is the model's best partial answer from one last forced reply"


def expected(state: RunState, answer: Any, what: str) -> bool:
    """Whether an answer the run did not accept (salvaged, forced) is of the ``--expect`` type; when it is
    not, the message says why it is not the run's answer: the user's contract holds for every answer bound."""
    expect = state.acceptance.expect
    if expect is None or is_expected(answer, expect):
        return True
    state.run.message += f"; {what} is a {type(answer).__name__}, not the expected {expect_label(expect)}: not kept"
    return False
