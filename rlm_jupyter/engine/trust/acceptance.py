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

import ast
import dataclasses
import functools
import numbers
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..dialogue import prompts
from ..dialogue.helpers import HELPER_NAMES, FinalSlot, created_names, model_variable
from ..dialogue.protocol import ParsedReply
from ..record.trajectory import Grounding, Iteration, Run, Source, Verdict
from . import (
    claims,
    counts,
    fields,
    forms,
    grounding,
    localedata,
    partial_reads,
    provenance,
    recovery,
    reductions,
    revisions,
    rounding,
    running,
    search_again,
    shares,
    subsets,
)
from .gates import BY_NAME, GATES, Policy
from .printed import Table, cell_shown, label_key, outside_tables

ANSWER_GATES: tuple[str, ...] = tuple(gate.name for gate in GATES if gate.kind == "answer")
_JUDGE_THE_TURN = frozenset({"same-turn-error", "read-first"})  # asked before the answer is read
_DECIDED_BY_THE_OFFER = frozenset({"missing-variable"})  # no variable, no answer: decided while reading it
_GIVES_WAY = frozenset({"unseen-value"})  # refuses for evidence it did not find: ``looked-again`` may only mark
# Claims a typed answer makes about what the code printed: with no typed text, or no data to read, nothing to check.
_CLAIMS = frozenset({"wrong-extreme", "row-mismatch", "wrong-direction", "wrong-unit", "misrounded", "echoed-figure",
                     "not-distinct", "stale-figure", "wrong-subset", "wrong-base", "partial-subcall"})


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
    labelled: bool = False  # several named fields (SUBMIT(region=..., total=...)): one answer with its labels


# What the first gates (same-turn-error, read-first) are given: they judge the turn, before its answer is read.
_NO_ANSWER_YET = Offer(None, None, None)


MAX_DICT_TABLES = 100  # values of a dict read for its tables: a dict of a few frames, not a big lookup
MIN_LISTED = 3  # rows of a whole table whose labels, all on one line, make that line a listing, not a selection


@functools.lru_cache(maxsize=4096)
def _word(label: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w]){re.escape(label)}(?![\w])")


def _lists_labels(line: str, tables: list[Any]) -> bool:
    """Whether ``line`` shows every row label of a whole printed table of ``MIN_LISTED`` rows or more: all the
    values there are (``unique()``), where a ranked selection (``nlargest(3).index.tolist()``) shows some."""
    key = label_key(line)
    for table in tables:
        labels = {label_key(row.labels[-1]) for row in table.rows if row.labels} - {""}
        if not table.partial and len(labels) >= MIN_LISTED and all(_word(label).search(key) for label in labels):
            return True
    return False


def _failed(it: Iteration, gate: str, error: Exception) -> None:
    """Record that ``gate``'s own check raised: the run goes on, the report says the answer was not fully checked."""
    it.verdicts.append(Verdict(gate, "failed", "", {"error": f"{type(error).__name__}: {error}"[:300]}))


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
        self._evidence: tuple[int, provenance.Evidence] | None = None
        # the data's delimited texts, read as tables (``_data_frames``), by the text itself: a list of lines is
        # joined afresh for each FINAL, so an id would be a temporary's, free to be reused by another text
        self._text_tables: dict[str, Any] = {}
        self._refusals: list[tuple[int, str, str]] = []  # (turn, gate, answer) of each answer a gate refused
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
            if gate in _CLAIMS and (offer is None or offer.typed is None or self.reads.nothing_to_read):
                continue
            try:
                finding = self._checks[gate](offer or _NO_ANSWER_YET, it)
            except Exception as exc:  # a check's bug: recorded, and the answer judged by the other gates
                _failed(it, gate, exc)
                continue
            if finding is not None and self._looked_again(offer, it, gate):
                it.verdicts.append(Verdict(gate, "marked", "", {**finding.values, "would_say": finding.note,
                                                                "looked_again": True}))
            elif finding is not None and self._record(it, gate, finding):
                self._refusals.append((it.index, gate, _answer_key(offer or _NO_ANSWER_YET)))
                return self._refused(it)
        assert offer is not None  # made before the first gate that judges the answer
        failed = any(v.gate == "unseen-value" and v.action == "failed" for v in it.verdicts)
        try:
            traced = offer.grounding or (Grounding(grounded=False) if failed else self._trace(offer, it))
        except Exception as exc:  # the tracer's bug: the answer ends the run, recorded as not traced
            _failed(it, "unseen-value", exc)
            traced = Grounding(grounded=False)
        return Decision(grounding=traced, answer=offer.answer)

    def _looked_again(self, offer: Offer | None, it: Iteration, gate: str) -> bool:
        """Whether ``unseen-value``, which refused this very answer before, now only marks it (``looked-again``):
        since that refusal, a block of new code ran cleanly and printed one of the answer's values. That gate refuses
        for a source it did not find, and the forms its readers know are never all the forms a right answer takes;
        a model that printed its evidence again and stands by its answer is not sent round until the run ends, and
        one that sends it again without looking stays refused. A gate that found a printed table against the
        answer keeps refusing (``_GIVES_WAY`` holds none). The mark says which values had no source.

        A block counts as a look when it printed one of the answer's values, or a line no block before the refusal
        had printed that shares a word with the answer (``_new_look``). Why the second: the gate refused because
        its readers did not know the form a value took, and the same readers then judged the new output, so a
        right answer whose evidence the model printed anew (a quoted passage, a figure in another form) was
        refused on every retry. New code is a block whose statements (``_statements``) are not those of a block
        run by the refusal: the same block run again, respaced or commented, shows what the model had already read
        when it wrote the answer, and a model that insists on an invented figure beside a printed one
        (``benchmarks.acceptance --insist``) prints that one again. A line of an earlier block run alone
        (``print(rec)``) is new code: the note asks for the figure printed, and printing the record again is how a
        model shows a figure its readers could not trace."""
        if offer is None or gate not in _GIVES_WAY or self.policy.action(gate) != "refuse" \
                or self.policy.action("looked-again") == "skip":
            return False
        key = _answer_key(offer)
        turns = [turn for turn, refused_by, answer in self._refusals if refused_by == gate and answer == key]
        if not turns:
            return False
        since = max(turns)
        ran = {_statements(cell.code) for x in self.run.iterations if x.index <= since for cell in x.cells}
        later = [x for x in self.run.iterations if x.index > since and x is not it] + [it]
        seen = {line.strip() for x in self.run.iterations if x.index <= since for cell in x.cells
                for line in cell_shown(cell).splitlines()}
        return any(grounding.shows_a_value(key, shown) or _new_look(shown, seen, key) for x in later
                   for cell in x.cells if cell.error is None and _statements(cell.code) not in ran
                   and (shown := cell_shown(cell)))

    def _offer(self, it: Iteration, parsed: ParsedReply, final: FinalSlot) -> Offer | None:
        """The answer of the turn: what FINAL called in code gave, the variable FINAL_VAR named, or the text."""
        written = parsed.final
        if final.given or written is None:
            return Offer(final.value, None, None, labelled=final.labelled)
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
        if self.expect is None or is_expected(offer.answer, self.expect):
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
        if self.expect is not None or self.reads.nothing_to_read or offer.labelled:
            return None  # the user's --expect is the contract; SUBMIT's named fields are one labelled answer
        size = _collection_size(offer.answer)
        asks = forms.asks_for_one(self.run.question) or ("one value" if forms.asks_for_a_value(self.run.question)
                                                         else None)
        if size is None or size <= 1 or asks is None or self._labelled(offer.answer):
            return None
        got = f"a {type(offer.answer).__name__} of {size:,} items"
        fix = "Compute the number (e.g. len(rows), .mean())" if asks == "one figure" else \
            "Select that one with code (e.g. totals.idxmax())"
        return Finding(prompts.wrong_shape(f"for {asks}", got, fix), {"asks": asks, "got": got})

    def _labelled(self, answer: Any) -> bool:
        """A small dict whose keys are field names, not rows of a printed table: one answer with its labels
        ({"region": "north", "total": 5210}), where a dict keyed by the rows ({"north": 5210, ...}) is a table."""
        if not isinstance(answer, dict) or len(answer) > 6:
            return False
        rows = {label_key(label) for table in self._evidence_now().tables for row in table.rows
                for label in row.labels}
        return not any(label_key(str(key)) in rows for key in answer)

    def _nothing_printed(self, offer: Offer, it: Iteration) -> Finding | None:
        if offer.typed is None or self.reads.nothing_to_read or grounding.anything_shown(self.run, self.history):
            return None
        return Finding(prompts.NOTHING_SHOWN)

    def _unseen_value(self, offer: Offer, it: Iteration) -> Finding | None:
        offer.grounding = self._trace(offer, it)
        if self.reads.nothing_to_read:
            return None  # a run with nothing to read may answer at once: its report names what no output showed
        if offer.grounding.grounded:
            label = self._bare_label(offer)
            if label is None or label.kind != "nowhere":
                return None
            offer.grounding.sources.append(label)
            offer.grounding.unseen.append(label.value)
            offer.grounding.grounded = False
        return Finding(prompts.ungrounded_final(offer.grounding.unseen), {"unseen": offer.grounding.unseen})

    def _unseen_scope(self, offer: Offer, it: Iteration) -> Finding | None:
        scope = offer.grounding.scope if offer.grounding is not None and not self.reads.nothing_to_read else []
        return Finding(grounding.scope_note(scope), {"scope": scope}) if scope else None

    def _trace(self, offer: Offer, it: Iteration) -> Grounding:
        given_by = "" if offer.typed is not None else provenance.given_by(it, offer.var)
        return provenance.trace(offer.answer, self._evidence_now(), typed=offer.typed, given_by=given_by)

    def _bare_label(self, offer: Offer) -> Source | None:
        """A typed answer that is only a label ("north"), that leads with one as a name before a comma or a colon
        ("Lasem, with about Rp 606.8 million"), or that writes one as the subject of the question's own predicate
        ("Goldenrod honey had the highest water content", ``claims.unshown_subject``), to a question for one
        choice: it must have been shown."""
        text = _answer_text(offer).strip().strip("'\".")
        if offer.typed is None or not text or forms.asks_for_one(self.run.question) != "one choice":
            return None
        evidence = self._evidence_now()
        if len(text.split()) > 4 or (offer.grounding is not None and offer.grounding.checked):
            # a phrase it leads with is its label only when it names no row the outputs printed ("Overall, Paris
            # led": Paris is the label, and it was shown); a label in the qualifier the name's brackets hold,
            # "Lisa Brandt (GER)", is the name's, unless it is a row's own name the name writes in another script,
            # "Marka (ماركا)"
            head = _LEADING_NAME.match(text)
            labels = claims.table_labels(evidence.tables)
            rest = text if head is None or head.group("qualifier") is None or _a_rows_name(
                head.group("qualifier"), evidence.tables) else \
                text[:head.start("qualifier")] + text[head.end("qualifier"):]
            text = head.group(1) if head is not None and not _a_calendar_phrase(head.group(1)) and not \
                claims.mentions(rest, labels) else ""
            if not text:
                subject = claims.unshown_subject(_answer_text(offer), self.run.question, evidence)
                return Source(subject, "nowhere") if subject else None
        if not text or recovery.nothing(text):
            return None
        source = provenance.trace_label(text, evidence)
        singular = re.sub(r"(?<=\w)e?s$", "", text)  # "Vans" for a row labelled van
        if source.kind == "nowhere" and singular != text:
            source = provenance.trace_label(singular, evidence)
            return dataclasses.replace(source, value=text) if source.kind != "nowhere" else source
        return source

    def _wrong_extreme(self, offer: Offer, it: Iteration) -> Finding | None:
        evidence = self._evidence_now()
        outside = [(line.text, line.code) for line in outside_tables(evidence.shown.lines, evidence.tables)]

        def selected(label: str) -> bool:
            """Code picked ``label``: a line outside any table shows it, and that line is not the data itself, a
            column of a listing of dtypes (``surge    float64``), nor a listing of a table's labels
            (``['新宿', '渋谷', '池袋', '吉祥寺']`` of ``unique()``: every one is shown, none picked)."""
            return any(_word(label).search(label_key(line)) and not evidence.is_data(line)
                       and not _DTYPE_LINE.match(line) and not (_RECORD_LINE.match(line) and not _SELECTS.search(code))
                       and not _lists_labels(line, evidence.tables) for line, code in outside)

        return _finding(claims.wrong_extreme(_answer_text(offer), self.run.question, evidence, selected)
                        or claims.wrong_date_extreme(_answer_text(offer), self._data_frames()))

    def _data_frames(self) -> list[Any]:
        """The run's data that are pandas DataFrames, as the user gave them (a frame, or a dict of a few: a shop's
        three tables), and its texts that are delimited tables (a CSV export), read as such."""
        for text in search_again.data_texts(self.ns, self.reads.data_names):
            if text not in self._text_tables:  # read once per run: a text cannot change, and every FINAL asks
                self._text_tables[text] = search_again.delimited_table(text)
        return [*(frame for name in sorted(self.reads.data_names) for frame in _frames_in(self.ns.get(name))),
                *(frame for frame in self._text_tables.values() if frame is not None)]

    def _row_mismatch(self, offer: Offer, it: Iteration) -> Finding | None:
        text, evidence = _answer_text(offer), self._evidence_now()
        return _finding(claims.wrong_pair(text, self.run.question, evidence)
                        or running.running_total(text, self.run.question, evidence)
                        or running.counter_reading(text, self.run.question, evidence)
                        or reductions.other_reduction(text, evidence)
                        or fields.wrong_field(text, evidence))

    def _misrounded(self, offer: Offer, it: Iteration) -> Finding | None:
        evidence = self._evidence_now()
        return _finding(rounding.misrounded(_answer_text(offer), self.run.question, evidence, evidence.is_data))

    def _wrong_direction(self, offer: Offer, it: Iteration) -> Finding | None:
        text, evidence = _answer_text(offer), self._evidence_now()
        return _finding(claims.wrong_direction(text, evidence) or claims.wrong_trend(text, evidence))

    def _wrong_unit(self, offer: Offer, it: Iteration) -> Finding | None:
        text, evidence = _answer_text(offer), self._evidence_now()
        return _finding(claims.wrong_unit(text, evidence) or claims.wrong_currency(text, evidence))

    def _echoed_figure(self, offer: Offer, it: Iteration) -> Finding | None:
        return _finding(counts.echoed(_answer_text(offer), self.run.question, self._evidence_now()))

    def _not_distinct(self, offer: Offer, it: Iteration) -> Finding | None:
        text = _answer_text(offer)
        return _finding(counts.not_deduplicated(text, self.run.question, self._evidence_now())
                        or counts.rows_for_entities(text, self.run.question, self._evidence_now().frames))

    def _stale_figure(self, offer: Offer, it: Iteration) -> Finding | None:
        return _finding(revisions.stale(_answer_text(offer), self.run.question, self._evidence_now()))

    def _wrong_subset(self, offer: Offer, it: Iteration) -> Finding | None:
        text, evidence = _answer_text(offer), self._evidence_now()
        return _finding(subsets.unscoped(text, self.run.question, evidence, self._frames())
                        or subsets.previewed(text, self.run.question, evidence)
                        or subsets.previewed_whole(text, self.run.question, evidence)
                        or subsets.previewed_labels(text, self.run.question, evidence, self._frames_and_tables()))

    def _wrong_base(self, offer: Offer, it: Iteration) -> Finding | None:
        text, evidence = _answer_text(offer), self._evidence_now()
        sources = (offer.grounding or self._trace(offer, it)).sources
        return _finding(shares.wrong_base(text, self.run.question, evidence, sources, self._frames()))

    def _frames_and_tables(self) -> list[Any]:
        """Every frame of the namespace (the data's and the ones the code made of it) and the data's delimited
        texts read as tables, each once: a column's distinct values are counted over all of them."""
        return list({id(frame): frame for frame in [*self._data_frames(), *self._frames()]}.values())

    def _frames(self) -> list[Any]:
        """Every pandas DataFrame of the run's namespace: the data, the tables the model's code made of it (an
        access log's text parsed into a frame), and the tables of a dict of them (``auction['kavels']``)."""
        return [frame for _, value in sorted(self.ns.items(), key=lambda item: str(item[0]))
                for frame in _frames_in(value)]

    def _partial_subcall(self, offer: Offer, it: Iteration) -> Finding | None:
        if not any(iteration.subcalls for iteration in self.run.iterations):
            return None  # no sub-call, nothing to measure: the data's size is not read on every FINAL
        size = partial_reads.data_chars(self.ns, sorted(self.reads.data_names))
        evidence = self._evidence_now()
        data = partial_reads.Data(tuple(search_again.data_texts(self.ns, self.reads.data_names)),
                                  tuple(self._data_frames()))
        return _finding(partial_reads.partial_subcall(_answer_text(offer), self.run.question, evidence, data, size)
                        or partial_reads.partial_nothing(offer.answer, self.run.question, evidence, data))

    def _nothing_found(self, offer: Offer, it: Iteration) -> Finding | None:
        says_nothing = recovery.nothing(offer.answer) or (recovery.figureless(offer.answer)
                                                          and search_again.printed_nothing(self.run))
        if self.reads.nothing_to_read or not says_nothing:
            return None
        texts = search_again.data_texts(self.ns, self.reads.data_names)
        if texts and not search_again.data_shown(self.run, texts):
            return Finding(prompts.nothing_found_unseen(sorted(self.reads.data_names)), {"data_shown": False})
        missed = search_again.refound(self.run, self.ns, self.reads.data_names)
        if missed is None:
            return None
        return Finding(prompts.refound(missed.searched, missed.data_has, missed.column, missed.other_column),
                       {"searched": missed.searched, "data_has": missed.data_has, "column": missed.column,
                        "other_column": missed.other_column})

    def _evidence_now(self) -> provenance.Evidence:
        """What the runs showed, read once per turn: every answer gate of a FINAL asks (keyed by the blocks so far)."""
        cells = sum(len(it.cells) for run in self._runs for it in run.iterations)
        if self._evidence is None or self._evidence[0] != cells:
            data = self._data_frames()  # and the frames the code made of it, each once
            made = [frame for frame in self._frames() if not any(frame is d for d in data)]
            texts = search_again.data_texts(self.ns, self.reads.data_names)
            self._evidence = (cells, provenance.Evidence.of(self._runs, [*data, *made], texts))
        return self._evidence[1]


# a record of a printed frame that was not read as a table (``df.head()`` with elided columns): its row number,
# then three cells or more; one of its cells is the data, no selection
# (unless the code selected the row: ``nlargest(1)`` prints one record, the pick)
_SELECTS = re.compile(r"\.(?:idxmax|idxmin|nlargest|nsmallest|head\(1\)|tail\(1\)|iloc\[0\]|iloc\[-1\])")
_RECORD_LINE = re.compile(r"^\s*\d+(?:\s{2,}\S+(?: \S+)*){3,}\s*$")
_DTYPE_LINE = re.compile(r"^\s*\S+\s+(?:u?int\d*|float\d*|object|str|string|bool|boolean|category|"
                         r"datetime64\[\w+(?:, [^\]]+)?\]|timedelta64\[\w+\])\s*$", re.IGNORECASE)


def _frames_in(value: Any) -> list[Any]:
    """``value`` if it is a DataFrame, the DataFrames of a dict of a few (``auction['kavels']``), else none."""
    if _is_frame(value):
        return [value]
    if isinstance(value, dict) and len(value) <= MAX_DICT_TABLES:
        return [v for v in value.values() if _is_frame(v)]
    return []


def _is_frame(value: object) -> bool:
    return hasattr(value, "columns") and type(value).__module__.split(".", 1)[0] == "pandas"


def _finding(claim: claims.Claim | None) -> Finding | None:
    return Finding(claim.note, claim.values) if claim is not None else None


# a name an answer leads with, then a comma, a colon or a dash: one to three capitalised words, no figure; a
# qualifier in brackets may follow the name before its comma ("Marita Kramer (AUT), with 101.0 m")
_LEADING_NAME = re.compile(r"((?:[^\W\d_a-z][^\W\d_]*)(?:[ \-][^\W\d_a-z][^\W\d_]*){0,2})"
                           r"(?P<qualifier>\s?\([^()\d]{1,40}\))?\s?[,:;—–]\s")


def _a_rows_name(qualifier: str, tables: list[Table]) -> bool:
    """Whether a name's bracket holds the name a printed row goes by (its first label with letters): "Marka
    (ماركا)" writes the row ``ماركا`` in Latin letters, where "Lisa Brandt (GER)" adds a country to a name."""
    inside = label_key(qualifier.strip().strip("()"))
    return any(inside == label_key(next((label for label in row.labels if re.search(r"[^\W\d_]", label)), ""))
               for table in tables for row in table.rows)


def _a_calendar_phrase(phrase: str) -> bool:
    """A leading phrase that is a time, not a name ("In September", "On Mondays", "Thursday"): a weekday or a
    month is printed as a date or a number, not as the word, and a preposition leads no label."""
    words = phrase.split()
    return words[0].lower() in _PREPOSITIONS or any(
        localedata.same_day_or_month(word) or localedata.same_day_or_month(re.sub(r"e?s$", "", word))
        for word in words)


_PREPOSITIONS = frozenset({"in", "on", "at", "by", "for", "from", "since", "during", "im", "am", "en", "le", "el",
                           "il", "op", "na", "w", "в"})


def _new_look(shown: str, seen: set[str], answer: str) -> bool:
    """Whether a block's output has a line that no earlier output had and that shares a word of four letters or
    more with the answer: it looked again at what the answer is about. Shorter words ("the", "was") are in any
    output, and a figure counts only as a value the answer states (``grounding.shows_a_value``), not as a piece
    of one ("90" of 48,115.90)."""
    said = set(_CONTENT_WORD.findall(answer.casefold()))
    return any(line.strip() and line.strip() not in seen and said & set(_CONTENT_WORD.findall(line.casefold()))
               for line in shown.splitlines())


_CONTENT_WORD = re.compile(r"[^\W\d_]{4,}")


def _statements(code: str) -> tuple[str, ...]:
    """A block's top-level statements as their syntax trees read (``ast.dump``): the same whatever the spacing, the
    comments or a trailing semicolon. Code that does not parse is its lines, stripped."""
    try:
        return tuple(ast.dump(statement) for statement in ast.parse(code).body)
    except (SyntaxError, ValueError):
        return tuple(line.strip() for line in code.splitlines() if line.strip())


def _answer_key(offer: Offer) -> str:
    """An answer as the text it is compared by: the same answer offered again has the same key."""
    return offer.typed if offer.typed is not None else str(offer.answer)[:10_000]


def _answer_text(offer: Offer) -> str:
    return offer.answer if isinstance(offer.answer, str) else offer.typed or ""


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


def is_expected(answer: Any, expect: type) -> bool:
    """``--expect``'s rule (the ``expected-type`` gate's, and what a stopped run may bind): an instance of the type,
    where a bool is not an int (``True`` is no count)."""
    if expect is numbers.Integral and isinstance(answer, bool):
        return False
    return isinstance(answer, expect)


def _last_line(error: str | None) -> str:
    lines = [line.strip() for line in (error or "").splitlines() if line.strip()]
    return lines[-1][:300] if lines else ""


def check_name(gate: str) -> str:
    """The method that checks ``gate``: ``row-mismatch`` is ``_row_mismatch`` (a test checks each has one)."""
    return "_" + gate.replace("-", "_")
