"""Grounding: an answer counts only when it comes from the data.

Why: a reproduction of the RLM paper found models answering from memory, a year or a count they
"knew", with the data in the REPL unread. This module holds the checks on the run as a whole; where each
value of an answer came from is ``provenance.py``'s, the claims about tables ``claims.py``'s.

- **Read first** (``ContextReads``): a FINAL is accepted only once a code block has run without error
  and named a context variable (or ``context``) in its code, read from the code's AST names, in this run
  or, for a follow-up that brings no new data, in the run it continues. A run with no context has nothing
  to read. The loop refuses an earlier FINAL with ``prompts.UNREAD_CONTEXT`` and the run goes on.
- **The data stays the data** (``rebound``, ``input_named``): a block that assigns to or deletes a
  context variable is not run (unless it assigns a value computed from the data), and an answer that
  *is* a context text, unchanged, is refused. Why: a real small model pasted the description's preview
  into ``records = \"\"\"...\"\"\"`` and went on to "read" four lines of its own typing (which the
  read-first check then counted as reading the data), and another returned ``FINAL_VAR("haystack")``,
  the input unchanged.
- **Something was shown** (``anything_shown``, ``word_shown``): what the blocks that ran cleanly printed.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from decimal import Decimal

from ..dialogue import code_names
from ..record.trajectory import CodeCell, Grounding, Run
from .printed import cell_shown
from .readings import Value, values


# -- reading the context ---------------------------------------------------------------
class ContextReads:
    """Whether code has read the context yet: the condition for accepting a FINAL at all."""

    def __init__(self, run: Run, history: Run | None) -> None:
        """``history`` is the run a follow-up continues: its reads count when the follow-up adds no data.

        A continued run that ended ``final`` read its context (or had none): its FINAL was accepted only so.
        """
        self.run = run
        new_data = bool(run.context_names)
        self.names = frozenset([*run.context_names, *(history.context_names if history else ()), "context"])
        self.earlier: list[CodeCell] = [] if history is None or new_data else _cells(history)
        self.nothing_to_read = not new_data and (history is None or history.status == "final")
        self.data_names = frozenset([*run.context_names, *(history.context_names if history else ())])

    def done(self) -> bool:
        return self.nothing_to_read or any(reads(cell, self.names) for cell in [*self.earlier, *_cells(self.run)])

    def last_failed_read(self) -> str | None:
        """The last line of the error of the last block that named a context variable and raised, if any."""
        for cell in reversed(_cells(self.run)):
            if cell.error and not self.names.isdisjoint(code_names.loaded(cell.code)):
                lines = [line for line in cell.error.strip().splitlines() if line.strip()]
                return lines[-1].strip()[:300] if lines else None
        return None


def rebound(code: str, names: frozenset[str], sources: frozenset[str]) -> list[str]:
    """The context variables a block would assign to or delete at any level, except from ``sources``, sorted.

    The exception (``code_names.overwritten``): ``logs = json.loads(context)`` or ``df = df.dropna()`` is
    the data, parsed or cut, not a retyped preview. A real small model began every reply with
    ``logs = json.loads(context)``; refused each turn, it never renamed the variable and ran out of turns.
    The user's own binding is safe either way: model code writes a namespace of its own.
    """
    return sorted(code_names.overwritten(code, names, sources) or set())  # None: the kernel reports the syntax error


def input_named(answer: object, ns: dict[str, object], names: frozenset[str]) -> str | None:
    """The context variable a text ``answer`` is (the very object, unchanged, since text is immutable), if any.

    Only text longer than a short answer: ``7 is 7`` and interned short strings are the same object by
    chance. A DataFrame or list handed back may have been changed in place at the user's request, so it
    stays a valid answer (returned by reference).
    """
    if not isinstance(answer, str | bytes) or len(answer) <= 200:
        return None
    return next((name for name in sorted(names) if ns.get(name) is answer), None)


def reads(cell: CodeCell, names: frozenset[str]) -> bool:
    """The block ran without error and its code names one of ``names`` (loads, not only strings or comments)."""
    return cell.error is None and not names.isdisjoint(code_names.loaded(cell.code))


def clean_outputs(runs: Iterable[Run]) -> Iterator[str]:
    """What each block that ran without error showed the model: the outputs an answer may be read from."""
    return (cell_shown(cell) for run in runs for cell in _cells(run) if cell.error is None)


def anything_shown(run: Run, history: Run | None = None) -> bool:
    """Whether a block of the run (and of the run it continues) that ran cleanly has shown the model anything."""
    return any(text.strip() for text in clean_outputs(_runs(run, history)))


def word_shown(word: str, run: Run) -> bool:
    """Whether an output of the run's code (not the question, not the descriptions) showed ``word`` as a word.

    Why outputs only: the question says "Answer with a number", so the word ``answer`` is in it.
    """
    pattern = _as_a_word(word)
    return any(pattern.search(cell_shown(cell)) for cell in _cells(run))


def _as_a_word(text: str) -> re.Pattern[str]:
    """``text`` as a word of its own, in any case: not part of a longer word nor of a hyphenated one."""
    return re.compile(rf"(?<![\w-]){re.escape(text)}(?![\w-])", re.IGNORECASE)


def _runs(run: Run, history: Run | None) -> list[Run]:
    """The runs whose outputs count: a follow-up's answer may rest on what the run it continues showed."""
    return [run] if history is None else [history, run]


def describe(grounding: Grounding) -> str:
    """One line for the report and the panel: what was checked and what was never seen."""
    if grounding.computed:
        return "yes: the answer is an object the code computed"
    if grounding.unseen:
        shown_values = ", ".join(grounding.unseen[:10]) + (f" and {len(grounding.unseen) - 10} more"
                                                           if len(grounding.unseen) > 10 else "")
        return f"no: {shown_values} never appeared in an output"
    if not grounding.checked:
        return "yes: no number, date or code in the answer to check"
    if grounding.scope:
        return f"yes, but {scope_note(grounding.scope)}"
    if grounding.derived:
        return "yes: " + "; ".join(grounding.derived) + ", from figures the outputs showed"
    return "yes: every value in the answer appeared in an output"


def scope_note(scope: list[str]) -> str:
    """What the report says of dates that scope an answer and that no output showed: check them."""
    return (f"{', '.join(scope[:10])} (the period the answer covers) never appeared in an output: check it against "
            "the data")


def _cells(run: Run) -> list[CodeCell]:
    return [cell for it in run.iterations for cell in it.cells]


MAX_LABEL_ANSWER = 80  # characters of an answer with no value, looked for whole in an output


def shows_a_value(answer: str, output: str) -> bool:
    """Whether ``output`` shows one of the values of ``answer``: a figure of two digits or more, with its sign, as
    the answer writes it (or rounded as it writes it; a hedged one to its digits: "about 100" is no 91), a date, a
    code; or, for a short answer with none ("north"), the answer itself as words. A one-digit figure is in nearly
    any output, and a table's row numbers (``37  2024-03-01 ...``) are no figures: they show nothing."""
    written = [v for v in values(answer) if v.kind != "number" or len(re.sub(r"\D", "", v.text)) > 1]
    if not written:
        text = answer.strip().strip("'\".")
        return 0 < len(text) <= MAX_LABEL_ANSWER and _as_a_word(text).search(output) is not None
    printed = values(_ROW_NUMBER.sub("", output))
    numbers = {signed for value in printed for signed, _ in _signed_readings(value)}
    keys = {key for value in printed for key in (value.key, *value.date_keys) if key}
    return any(any(abs(signed - n) <= tolerance for signed, tolerance in _signed_readings(value) for n in numbers)
               or bool({value.key, *value.date_keys} & keys - {""}) for value in written)


def _signed_readings(value: Value) -> list[tuple[Decimal, Decimal]]:
    """Each reading of ``value`` with the sign the text writes, and its tolerance. A hedge's reading keeps its
    digits as written, half a unit of the last one: its wider tolerance (the trailing zeros of "about 3,400" taken
    as rounding) serves the checks that trace a figure, but here it would let "about 100" be shown by a printed
    91; dropping the reading instead made "≈ 6.07" unshown by a printed 6.07, and "about 3,400" by a printed
    3.4e+03, so a model that printed its hedged figure again was refused on every retry."""
    hedged = [r for r in value.readings if r.how == "hedged"][:1]  # its first reading: "about 3,400" is no 3.4
    return [(r.value if value.sign >= 0 else -r.value,
             r.tolerance if r.how != "hedged" else Decimal(10) ** min(int(r.value.as_tuple().exponent), 0) / 2)
            for r in value.readings if r.how != "hedged" or r in hedged]


_ROW_NUMBER = re.compile(r"(?m)^\s*\d+(?= {2,}\S)")  # a row's number as pandas prints it, before its cells
