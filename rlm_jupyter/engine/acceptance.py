"""The acceptance policy at work in one run: which blocks run, whether a FINAL ends the run, what the model is told.

The loop asks; this module answers and records each answer on the turn (``Iteration.verdicts``). The gates
are data in ``gates.py`` (name, level, what each checks and why it exists); here each has one check, a
method named after it (``rebinds-context`` is ``_rebinds_context``), which returns ``None`` or a
``Finding``: what the model is told and the values it looked at. The policy then says what the finding
does: refuse, only mark the report, or nothing (the check is not even run). Every check reads what the
model was actually sent (``CodeCell.shown``, through ``grounding.shown`` and ``grounding.clean_outputs``),
never a repr it did not see.

Adding a gate: a ``Gate`` in ``gates.py`` (in the order it is asked), a method here, a note in
``prompts.py``, and a case on each side of the calibration benchmark (``benchmarks/acceptance.py``): an
invented answer it catches and a legitimate one it must let through.
"""
from __future__ import annotations

import numbers
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from . import grounding, prompts, recovery
from .gates import BY_NAME, GATES, Policy
from .helpers import HELPER_NAMES, FinalSlot, created_names, model_variable
from .protocol import ParsedReply
from .tables import Tables, figure_key
from .trajectory import Grounding, Iteration, Run, Verdict

# Questions that ask for one figure or one choice, and words that make an answer a pick of the extreme. English
# only: the gates that use them (answer-shape, picked-by-eye) never fire on other wording.
_COUNT_QUESTION = re.compile(r"^\W*(?:how (?:many|much)|what (?:is|was) the (?:number|count|total)|count\b|"
                             r"number of)", re.IGNORECASE)
_PER_ITEM = re.compile(r"\b(?:per|by|for each|each|every|breakdown)\b", re.IGNORECASE)  # a table is asked for
_CHOICE_QUESTION = re.compile(r"\b(?:which|what)\s+(?:\w+\s+){0,3}?(?:has|had|is|was|did|does|got|made|sold)\b",
                              re.IGNORECASE)
_EXTREME = re.compile(r"\b(?:largest|biggest|highest|greatest|smallest|lowest|fewest|longest|shortest|cheapest|"
                      r"newest|oldest|fastest|slowest|busiest|best|worst|top|most|least|max(?:imum)?|min(?:imum)?|"
                      r"peak|\w+iest)\b", re.IGNORECASE)
ANSWER_GATES: tuple[str, ...] = tuple(gate.name for gate in GATES if gate.kind == "answer")
_JUDGE_THE_TURN = frozenset({"same-turn-error", "read-first"})  # asked before the answer is read
_DECIDED_BY_THE_OFFER = frozenset({"missing-variable"})  # no variable, no answer: decided while reading it
_SENTENCE = re.compile(r"(?<=[.!?;])\s+(?=[A-Z(\"'])|\n")


@dataclass(frozen=True)
class Finding:
    """What a gate found: the note the model reads and the values involved (for the record and the report)."""

    note: str
    values: dict[str, Any] = field(default_factory=dict)


@dataclass
class Offer:
    """The answer a turn offers: the object, and how the model gave it."""

    answer: Any
    typed: str | None  # the text the model wrote in FINAL(...) as its answer (None: code or FINAL_VAR gave it)
    var: str | None  # the variable it named (FINAL_VAR, or FINAL(name) meant so)
    grounding: Grounding | None = None  # filled by the unseen-value gate, else at acceptance


# What the first gates (same-turn-error, read-first) are given: they judge the turn, before its answer is read.
_NO_ANSWER_YET = Offer(None, None, None)


@dataclass(frozen=True)
class Decision:
    """What the loop does after a turn: end the run with ``answer`` (``grounding`` set), or send ``notes``."""

    grounding: Grounding | None = None
    answer: Any = None
    notes: tuple[str, ...] = ()

    @property
    def ended(self) -> bool:
        return self.grounding is not None


class Acceptance:
    """One run's policy, with what it needs to judge: the run, the run it continues, the namespace, ``--expect``."""

    def __init__(self, policy: Policy, run: Run, history: Run | None, ns: dict[str, Any],
                 expect: type | None, expect_label: str, baseline: frozenset[str]) -> None:
        self.policy, self.run, self.history, self.ns = policy, run, history, ns
        self.expect, self.expect_label, self.baseline = expect, expect_label, baseline
        self.reads = grounding.ContextReads(run, history)
        self._runs = [run] if history is None else [history, run]
        self._read_tables: tuple[int, Tables] | None = None
        self._checks: dict[str, Callable[[Offer, Iteration], Finding | None]] = {
            gate: getattr(self, check_name(gate)) for gate in ANSWER_GATES if gate not in _DECIDED_BY_THE_OFFER}

    # -- blocks ------------------------------------------------------------------------------------------------
    def block(self, it: Iteration, index: int, code: str) -> str | None:
        """None: run the block. Else why it is not run (kept in the record as its error, which the model reads)."""
        if self.policy.action("rebinds-context") == "skip":
            return None
        names = grounding.rebound(code, self.reads.data_names, self.reads.names)
        if not names:
            return None
        note = prompts.rebinds_context(names)
        return note if self._record(it, "rebinds-context", Finding(note, {"names": names}), cell=index) else None

    def run_made_up(self, it: Iteration, parsed: ParsedReply) -> bool:
        """Whether the blocks written after an output the model made up run after all (the gate is off or marks)."""
        if not parsed.unrun or self.policy.action("made-up-output") == "skip":
            return bool(parsed.unrun)
        finding = Finding(prompts.AFTER_MADE_UP_OUTPUT, {"blocks": len(parsed.unrun)})
        return not self._record(it, "made-up-output", finding, cell=len(parsed.code))

    # -- answers -----------------------------------------------------------------------------------------------
    def final(self, it: Iteration, parsed: ParsedReply, final: FinalSlot) -> Decision:
        """Whether this turn ends the run; the gates are asked in ``GATES`` order and each verdict recorded."""
        if not final.given and parsed.final is None:
            return Decision(notes=() if parsed.code else (prompts.NO_CODE_NO_FINAL,))
        offer: Offer | None = None
        for gate in ANSWER_GATES:
            if offer is None and gate not in _JUDGE_THE_TURN:
                offer = self._offer(it, parsed, final)  # a missing variable is recorded here: no answer to judge
                if offer is None:
                    return self._refused(it)
            if gate in _DECIDED_BY_THE_OFFER or self.policy.action(gate) == "skip":
                continue
            finding = self._checks[gate](offer or _NO_ANSWER_YET, it)
            if finding is not None and self._record(it, gate, finding):
                return self._refused(it)
        assert offer is not None  # made before the first gate that judges the answer
        verdict = offer.grounding or grounding.check(offer.answer, self.run, self.history, typed=offer.typed)
        return Decision(grounding=verdict, answer=offer.answer)

    def _offer(self, it: Iteration, parsed: ParsedReply, final: FinalSlot) -> Offer | None:
        """The answer of the turn: what FINAL called in code gave, the variable FINAL_VAR named, or the text."""
        written = parsed.final
        if final.given or written is None:
            return Offer(final.value, None, None)
        if written.kind == "var" or self._names_a_variable(written.text):
            found, value = model_variable(self.ns, written.text)
            if not found:
                note = prompts.unknown_final_var(written.text, created_names(self.ns, self.baseline),
                                                 bare=written.kind == "value")
                self._record(it, "missing-variable", Finding(note, {"name": written.text}))
                return None
            return Offer(value, None, written.text)
        return Offer(written.value(), written.text, None)

    def _names_a_variable(self, text: str) -> bool:
        """``FINAL(name)`` meant as ``FINAL_VAR``: a bare identifier that is a variable or that the code assigned,
        or, over data, a word no output of the code showed.

        A bare word an output showed (``FINAL(north)`` after the code printed ``north``) stays a text answer,
        and so does any word in a run with nothing to read. Why the last rule: over a needle search, a real
        small model wrote ``Final(answer): None`` with no variable of that name, and the word ``answer`` came
        back as a final answer.
        """
        if not text.isidentifier() or text in HELPER_NAMES:
            return False
        if model_variable(self.ns, text)[0] or text in recovery.assigned_names(self.run):
            return True
        return not self.reads.nothing_to_read and not grounding.word_shown(text, self.run)

    def _refused(self, it: Iteration) -> Decision:
        return Decision(notes=tuple(v.note for v in it.verdicts if v.action == "refused" and v.note))

    # -- notes -------------------------------------------------------------------------------------------------
    def notes(self, it: Iteration, repeated: bool) -> list[str]:
        """Notes for a turn that did not end the run: a repeated turn, sub-calls without data, a misspelled name."""
        found: list[tuple[str, Finding]] = []
        if repeated and self.policy.action("repeated-turn") != "skip":
            found.append(("repeated-turn", Finding(prompts.REPEATED_TURN)))
        if self.policy.action("no-data-in-subcalls") != "skip":
            size = recovery.context_chars(self.ns, [*self.run.context_names, "context"])
            if recovery.passed_no_data(it, size):
                found.append(("no-data-in-subcalls", Finding(prompts.NO_DATA_IN_SUBCALLS, {"context_chars": size})))
        if self.policy.action("misspelled-name") != "skip":
            found += [("misspelled-name", Finding(prompts.misspelled(wrong, right), {"name": wrong, "meant": right}))
                      for wrong, right in recovery.misspelled(it, list(self.ns))]
        for gate, finding in found:
            self._record(it, gate, finding)
        return [finding.note for _, finding in found]

    def _record(self, it: Iteration, gate: str, finding: Finding, cell: int | None = None) -> bool:
        """Record what ``gate`` found as the policy has it act; True when it refuses (or, for a block, stops it)."""
        action = self.policy.action(gate)
        kind = BY_NAME[gate].kind
        if action == "skip":
            return False
        if kind == "note":
            it.verdicts.append(Verdict(gate, "noted", finding.note, finding.values, cell))
            return False
        if action == "mark":
            it.verdicts.append(Verdict(gate, "marked", "", {**finding.values, "would_say": finding.note}, cell))
            return False
        it.verdicts.append(Verdict(gate, "not-run" if kind == "block" else "refused", finding.note, finding.values,
                                   cell))
        return True

    # -- the answer gates, one method each, in the order of ``GATES`` ------------------------------------------
    def _same_turn_error(self, offer: Offer, it: Iteration) -> Finding | None:
        errors = [_last_line(cell.error) for cell in it.cells if cell.error]
        return Finding(prompts.FINAL_AFTER_ERROR, {"errors": errors}) if errors else None

    def _read_first(self, offer: Offer, it: Iteration) -> Finding | None:
        if self.reads.done():
            return None
        failed = self.reads.last_failed_read()
        note = prompts.UNREAD_CONTEXT if failed is None else prompts.unread_after_error(failed)
        return Finding(note, {"failed_read": failed} if failed else {})

    def _expected_type(self, offer: Offer, it: Iteration) -> Finding | None:
        if self.expect is None or _matches(offer.answer, self.expect):
            return None
        got = type(offer.answer).__name__
        return Finding(prompts.wrong_type(got, self.expect_label), {"got": got, "expected": self.expect_label})

    def _failed_block_value(self, offer: Offer, it: Iteration) -> Finding | None:
        if offer.var is None or not recovery.set_by_failed_block(offer.var, self.run):
            return None
        return Finding(prompts.set_by_failed_block(offer.var), {"name": offer.var})

    def _input_handed_back(self, offer: Offer, it: Iteration) -> Finding | None:
        name = grounding.input_named(offer.answer, self.ns, self.reads.data_names)
        return Finding(prompts.answer_is_input(name), {"name": name}) if name is not None else None

    def _answer_shape(self, offer: Offer, it: Iteration) -> Finding | None:
        if self.expect is not None or self.reads.nothing_to_read:
            return None  # the user's --expect is the contract
        size = _collection_size(offer.answer)
        if size is None or size <= 1:
            return None
        got = f"a {type(offer.answer).__name__} of {size:,} items"
        question = self.run.question
        if _COUNT_QUESTION.search(question) and not _PER_ITEM.search(question):
            return Finding(prompts.wrong_shape("how many (one number)", got, "Compute the number (e.g. len(rows))"),
                           {"asks": "a count", "got": got})
        if _CHOICE_QUESTION.search(question) and _EXTREME.search(question):
            return Finding(prompts.wrong_shape("for one choice", got, "Select that one with code (e.g. "
                                               "totals.idxmax())"), {"asks": "one choice", "got": got})
        return None

    def _nothing_printed(self, offer: Offer, it: Iteration) -> Finding | None:
        if offer.typed is None or self.reads.nothing_to_read or grounding.anything_shown(self.run, self.history):
            return None
        return Finding(prompts.NOTHING_SHOWN)

    def _unseen_value(self, offer: Offer, it: Iteration) -> Finding | None:
        offer.grounding = grounding.check(offer.answer, self.run, self.history, typed=offer.typed)
        if offer.grounding.grounded or self.reads.nothing_to_read:
            return None  # a run with nothing to read may answer at once: its report names what no output showed
        return Finding(prompts.ungrounded_final(offer.grounding.unseen), {"unseen": offer.grounding.unseen})

    def _picked_by_eye(self, offer: Offer, it: Iteration) -> Finding | None:
        if offer.typed is None or self.reads.nothing_to_read:
            return None
        text = _answer_text(offer)
        if not (_EXTREME.search(self.run.question) or _EXTREME.search(text)):
            return None  # a lookup by label ("how many are open?") is a read, not a choice
        tables = self._tables()
        labels = tables.labels_in(text)
        texts = recovery.data_texts(self.ns, self.reads.data_names)

        def is_data(line: str) -> bool:
            return len(line.strip()) >= recovery.DATA_PIECE_CHARS and any(line.strip() in data for data in texts)

        if labels and not any(tables.selected(label, is_data) for label in labels):
            return Finding(prompts.picked_by_eye(", ".join(labels[:3])), {"labels": labels[:5]})
        if not labels:
            picked = [v.text for v in _numbers(text) if _table_figure(tables, v) and not _shown_outside(tables, v)]
            if picked:
                return Finding(prompts.picked_by_eye(picked[0]), {"figures": picked[:5]})
        return None

    def _row_mismatch(self, offer: Offer, it: Iteration) -> Finding | None:
        if offer.typed is None or self.reads.nothing_to_read:
            return None
        tables, text = self._tables(), _answer_text(offer)
        pairs = [(label, sentence) for sentence in _SENTENCE.split(text) for label in tables.labels_in(sentence)]
        if not pairs:  # a bare figure: the label is the one the question names ("how many are open?")
            asked = tables.labels_in(self.run.question)
            pairs = [(asked[0], text)] if len(asked) == 1 else []
        for label, sentence in pairs:
            figures = _numbers(sentence)
            own = tables.rows[label]
            if not figures or any(_figure_in(v, own) for v in figures):
                continue
            for value in figures:
                others = sorted(other for other in tables.figures.get(_table_figure(tables, value) or "", ())
                                if other != label)
                if others:
                    return Finding(prompts.row_mismatch(label, own, value.text, others),
                                   {"label": label, "figure": value.text, "row_of": others[:3], "own": own[:3]})
        return None

    def _nothing_found_unseen(self, offer: Offer, it: Iteration) -> Finding | None:
        if self.reads.nothing_to_read or not recovery.nothing(offer.answer):
            return None
        texts = recovery.data_texts(self.ns, self.reads.data_names)
        if texts and not recovery.data_shown(self.run, texts):
            return Finding(prompts.nothing_found_unseen(sorted(self.reads.data_names)), {"data_shown": False})
        missed = recovery.case_missed(self.run, texts + recovery.table_texts(self.ns, self.reads.data_names))
        if missed is not None:
            return Finding(prompts.case_missed(*missed), {"searched": missed[0], "data_has": missed[1]})
        return None

    def _tables(self) -> Tables:
        """The printed tables, read once per turn: both table gates of a FINAL ask (keyed by the blocks so far)."""
        cells = sum(len(it.cells) for run in self._runs for it in run.iterations)
        if self._read_tables is None or self._read_tables[0] != cells:
            self._read_tables = (cells, Tables.read(grounding.clean_outputs(self._runs)))
        return self._read_tables[1]


def _answer_text(offer: Offer) -> str:
    return offer.answer if isinstance(offer.answer, str) else offer.typed or ""


def _numbers(text: str) -> list[grounding.Value]:
    return [v for v in grounding.values(text) if v.kind == "number"]


def _figure_in(value: grounding.Value, figures: list[str]) -> bool:
    """Whether ``value`` is one of the printed ``figures`` (to the precision the answer wrote)."""
    return any(_near(value, figure) for figure in figures)


def _table_figure(tables: Tables, value: grounding.Value) -> str | None:
    """The printed figure of a table row that ``value`` is, if any."""
    return next((figure for figure in tables.figures if _near(value, figure)), None)


def _shown_outside(tables: Tables, value: grounding.Value) -> bool:
    return grounding.Seen(tables.outside).has(value)


def _near(value: grounding.Value, figure: str) -> bool:
    try:
        printed = Decimal(figure_key(figure))
    except InvalidOperation:
        return False
    return any(abs(abs(printed) - number) <= tolerance for number, tolerance in value.numbers)


def _collection_size(answer: Any) -> int | None:
    """How many items a table, list or dict answer holds (None for a scalar, text, or a lazy frame)."""
    if answer is None or isinstance(answer, str | bytes | numbers.Number):
        return None
    if not isinstance(answer, list | tuple | set | frozenset | dict) and not _in_memory(answer):
        return None
    try:
        return len(answer)
    except Exception:  # a size that cannot be known is not a wrong shape
        return None


def _in_memory(obj: object) -> bool:
    return type(obj).__module__.split(".", 1)[0] in ("pandas", "numpy")


def _matches(answer: Any, expect: type) -> bool:
    if expect is numbers.Integral and isinstance(answer, bool):
        return False
    return isinstance(answer, expect)


def _last_line(error: str | None) -> str:
    lines = [line.strip() for line in (error or "").splitlines() if line.strip()]
    return lines[-1][:300] if lines else ""


def check_name(gate: str) -> str:
    """The method that checks ``gate``: ``row-mismatch`` is ``_row_mismatch`` (a test checks each has one)."""
    return "_" + gate.replace("-", "_")
