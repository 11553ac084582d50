"""The acceptance gates and policies, as data: every rule that can refuse a FINAL or keep a block from running.

Why data and not branches of the loop: each rule was built on one real failure, and each can also refuse a
legitimate answer. Named, with what it checks and why it exists, a rule can be switched off by name, its
verdict recorded (``trajectory.Verdict``) and counted, and the table in docs/acceptance.md checked against
the same list.
The checks themselves live in ``acceptance.py`` (one method per gate, named after it); a test checks that
every gate here has one.

Levels:

- ``fact``: there is no answer to accept (``FINAL_VAR`` of a name that does not exist) or the user's own
  contract says no (``--expect DataFrame`` and the answer is a list). Refuses under every policy.
- ``hard``: hard evidence that the answer cannot come from the data (no code read it; the same turn's code
  failed). Refuses under ``strict`` and ``lenient``.
- ``soft``: a heuristic. Refuses under ``strict``, only marks the report under ``lenient``.
- ``mark``: something a colleague should check that does not make the answer wrong. Marks the report under
  ``strict`` and ``lenient``, refuses under none.

Policies: ``strict`` (every gate acts), ``lenient`` (soft gates mark, blocks they would stop run anyway),
``off`` (the RLM paper's protocol: a FINAL ends the run; only facts refuse, no notes). ``-name`` after a
comma switches one gate off under any policy: ``strict,-wrong-extreme``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["block", "answer", "note"]
Level = Literal["fact", "hard", "soft", "mark"]
Action = Literal["refuse", "mark", "skip"]


@dataclass(frozen=True)
class Gate:
    """One rule: what it looks at, what the model is told, and the failure it was built on."""

    name: str
    kind: Kind  # block: may keep a block from running; answer: may refuse a FINAL; note: tells, refuses nothing
    level: Level
    checks: str  # what it refuses, in one line (the table in docs/acceptance.md)
    why: str  # the failure it was built on


GATES: tuple[Gate, ...] = (
    # -- blocks -----------------------------------------------------------------------------------------------
    Gate("rebinds-context", "block", "soft",
         "a block that assigns to or deletes a context variable with a value not read from it is not run",
         "a real 1.5B model pasted the description's preview into `records = \"\"\"...\"\"\"` and went on to "
         "read four lines of its own typing"),
    Gate("made-up-output", "block", "soft",
         "blocks written after an output the model typed itself (before any code ran) are not run",
         "a real 1.5B model wrote a block, the output it expected, then a block built on that output in 15 of "
         "its 31 replies with several blocks"),
    # -- answers, in the order they are asked -------------------------------------------------------------------
    Gate("same-turn-error", "answer", "hard",
         "a FINAL in a reply one of whose blocks raised an error or was not run",
         "an answer written next to failing code is a guess about what the code would have printed"),
    Gate("read-first", "answer", "hard",
         "a FINAL before any block that read the data ran without error",
         "a reproduction of the RLM paper found models answering from memory with the data unread"),
    Gate("missing-variable", "answer", "fact",
         "FINAL_VAR of a name that does not exist (the model is told the closest one)",
         "there is no answer to return; a real 1.5B model, told only which names existed, sent the same wrong "
         "FINAL_VAR twice"),
    Gate("expected-type", "answer", "fact",
         "an answer of another type than --expect asks for",
         "the user's own contract: `--expect DataFrame` means a DataFrame"),
    Gate("failed-block-value", "answer", "soft",
         "a variable last set by a block that raised, not used by a clean block since",
         "a real 1.5B model set `cohorts = []` ahead of a loop that raised, twice, then wrote FINAL(cohorts)"),
    Gate("input-handed-back", "answer", "soft",
         "an answer that is a context text itself, unchanged",
         "a real 1.5B model returned FINAL_VAR(\"haystack\"), the input it was asked about"),
    Gate("answer-shape", "answer", "soft",
         "a table or list of several items for a question whose form asks for one figure (how many, what is "
         "the average...) or one choice (which <one thing> ... the most); several named SUBMIT fields are one "
         "labelled answer",
         "a real 1.5B model answered 'how many completed orders are above 500?' with the filtered rows, and "
         "'which region has the largest total?' with the totals of every region"),
    Gate("nothing-printed", "answer", "soft",
         "an answer the model typed while none of its code has printed anything",
         "a real 1.5B model wrote FINAL('No errors found') after blocks that printed nothing"),
    Gate("unseen-value", "answer", "soft",
         "a typed answer with a number, date or code that has no source: no output the model was sent shows it "
         "(nor the question, nor a passage the answer quotes verbatim from the data, nor a phrase the data's "
         "text writes word for word, nor, for a code, a word of the data's text written as it is), and it cannot "
         "be recomputed from figures that were (a difference, ratio, percent change, mean or sum, a unit "
         "conversion, the days between two dates, a rate over the data's days); or a bare label answered to a "
         "question for one choice, a name such an answer leads with (a qualifier in brackets may follow it), or "
         "the subject it gives the question's own predicate (\"Goldenrod honey had the highest ...\"), that no "
         "output showed (a name's words may be shown in another order, \"KRANJEC Nika\")",
         "a real 1.5B model read the data, found nothing, and wrote Final(\"1976\")"),
    Gate("unseen-scope", "answer", "mark",
         "a date or a period no output showed that scopes an answer to a question asking for no date (\"June to "
         "November 2024: ...\"): marked in the report, with no source, and never refused",
         "blind sets of capable answers name the period their figures cover from the data's shape (Excel serial "
         "dates, a known season); refusing them refused right answers, and the figures asked for are still checked"),
    Gate("wrong-extreme", "answer", "soft",
         "a label named as the largest, smallest, second ... of a printed table that is not that extreme of the "
         "column the words name (the table printed whole), or that was read off a partial table (head(), elided "
         "rows) code did not select or sort",
         "a real 1.5B model printed the right totals per region and wrote the third row, south, as the largest"),
    Gate("row-mismatch", "answer", "soft",
         "a figure stated for a label that is in another row of that label's printed table (or another column of "
         "its row, when the words name the column or the figure's unit does): swapped figures in a comparison too; "
         "a figure given as one statistic that describe() printed in another's row (the mean as the median); a "
         "figure stated beside a date that every output printed beside another date; or, to a question for "
         "one period's figure, a column the printed figures show is a running total of another, or a lone "
         "counter's reading (a column in time order that never falls); a figure of one field of a printed "
         "record stated with a word naming another of its fields ('91 kills' off gold_red)",
         "a model wrote 'Lyon's average basket was $71.90', the printed average of the next row"),
    Gate("wrong-direction", "answer", "soft",
         "a figure described as a rise that the output printed negative, or written negative where it was "
         "printed positive; a trend in words against a table in time order that goes the other way; a change "
         "between two rows ('from July to October') or two years ('fell in 2024 against 2023') said to go the "
         "other way than the printed table goes",
         "a model reported a printed change of -12.5% as revenue growing 12.5%"),
    Gate("wrong-unit", "answer", "soft",
         "a duration, data size, energy, mass, volume, length, frequency or currency stated in another unit than "
         "the one its printed figure was in (the unit beside it, a record's field name, the code's name for it, "
         "wait_s, latency_ms, amount_eur, or its table column's, Produktion_MWh, km); a figure stated in a unit of "
         "another dimension than every printing of it says (tonnes for a km column's figure); or an amount stated "
         "in a currency that was printed only in a measure's column (net_kg)",
         "a model read a mean wait printed in seconds (wait_s) as 53 minutes"),
    Gate("misrounded", "answer", "soft",
         "a figure answered to a question that asks for a rounded one ('to the nearest kilo', 'in whole pounds', "
         "'roughly') that is further than half a step from the nearest printed figure, the step the question names "
         "or the answer writes (a bound, 'nearly', 'over', may round one way)",
         "a model printed a mean ticket price of 10.685 and answered 'about £10' to 'in whole pounds'"),
    Gate("echoed-figure", "answer", "soft",
         "a figure answered to a question for one figure that the question itself states, which no output showed "
         "as a result of its own (a row of a printed table of several is none)",
         "a model answered 'in how many of the 36 months ...?' with 36, the row count of the table it printed"),
    Gate("not-distinct", "answer", "soft",
         "a count of distinct (unique, different) items printed only by code that never removed repeats; or a "
         "count of things by a plural noun ('how many users ...?') that is the row count of a table of the data "
         "(or one the code made of it) in which that noun's column (user_id, user) repeats",
         "a model answered 'how many distinct customers?' with the number of order rows"),
    Gate("stale-figure", "answer", "soft",
         "a figure answered to a question for one figure (or for what its subject did) that a later block "
         "recomputed to another value: the same reduction (len, mean, sum; a count of rows meeting a condition is "
         "len of those rows) of the same data with what it reduces changed (a filter added, a cleaning step "
         "replaced or redone), not the same expression with other constants nor a part of it",
         "a model counted the requests, recomputed them without the health probe, and answered the first count"),
    Gate("wrong-subset", "answer", "soft",
         "a figure answered to a question for one figure about a named part of the data (a value of a text column, "
         "'the main branch'; a code of letters and digits inside its values, 'S5'; or a year or a month of its "
         "dates) whose "
         "every printing came from code that selects nothing of "
         "that part (no constant naming it), and is not that part's row of a printed table; or a figure for all "
         "the data printed only by a reduction over a head, tail, sample or slice of its rows, or shown only as a "
         "cell of a look at a few rows (the data's description, a head of the rows as they are, the first or last "
         "lines of a text); or the values "
         "of a column listed as all there are ('which routes ...?') when none was shown but in such a look and the "
         "data's column (or a frame's the code made of it) holds more; or an answer about every row (an "
         "extreme, or 'any', 'all', 'none' in the question "
         "or the answer; a question about no slice) whose every figure was shown only in such a look, or, with no "
         "figure, after a run whose code printed nothing but looks and sizes",
         "a model answered the main branch's CI time with every branch's total"),
    Gate("wrong-base", "answer", "soft",
         "a percent answered to a question for a share of a named part of the data ('share of Iberia's flights') "
         "that is no count of that part's rows over their number: computed in the head over another base, or "
         "printed by a division whose divisor reads nothing of the part",
         "a model answered a share of one airline's flights with its cancellations over every flight"),
    Gate("partial-subcall", "answer", "soft",
         "a figure whose last printing is a sub-call's answer (or an answer that there is none, after sub-calls "
         "that found nothing) when what fed that block's prompts cut the data by position (a slice with fixed "
         "bounds, head, tail, sample, islice; not a header dropped, not a bound found in the data) and they "
         "carried under 90% of the data's lines, unless the question names the cut; for a one-figure question, "
         "also prompts under half of the data's characters not chosen by content",
         "a model counted complaints in a sub-call given 60 of 300 comments and reported it for all"),
    Gate("nothing-found", "answer", "soft",
         "an answer that nothing was found (in its words, or in any language a figureless answer after an output "
         "that ended empty: 0, [], an empty table), when the code's search literal is in the data in another form "
         "(case, spacing, date or number format with or without leading zeros, CLDR's dates of many locales, the "
         "Buddhist era's years, a day kept as the integer 20240308) or in another column than the one filtered, of "
         "the same table or another table of a dict of tables; or, over text data, when no output showed a "
         "verbatim piece of the data",
         "a real 1.5B model searched records for a label's words, which the data does not use, printed 0 and "
         "wrote FINAL(0); a model searched a web log for 2024-03-05, which it writes 05/Mar/2024"),
    # -- notes ------------------------------------------------------------------------------------------------
    Gate("looked-again", "note", "soft",
         "nothing: `unseen-value` refuses one answer once; the same answer offered again after a block of code "
         "not run before ran cleanly and printed one of its values, or a line no block had printed that shares a "
         "word of four letters or more with it, is accepted with that gate's mark in the report (switched off, "
         "the gate refuses it every time). Only the gate that found no source gives way: a gate that found a "
         "printed table against the answer keeps refusing it",
         "blind sets of capable answers: right answers whose figures the checks could not trace (a currency "
         "restated, a season's last day) were refused on every retry though the model printed its figures again, "
         "and the run ended with a printed table salvaged as the answer"),
    Gate("repeated-turn", "note", "soft",
         "tells the model it sent the same code as last turn (the third time in a row ends the run)",
         "the endless verification loop the reproduction of the RLM paper found"),
    Gate("no-data-in-subcalls", "note", "soft",
         "tells the model its sub-call prompts carried none of the data",
         "a real 1.5B model sent llm_query('<the question>') with no chunk of the context, three turns running"),
    Gate("misspelled-name", "note", "soft",
         "tells the model the existing name it most likely meant after a NameError",
         "a real 1.5B model ended a run with final(...) in code; Python suggests nothing for a case slip"),
)

BY_NAME: dict[str, Gate] = {gate.name: gate for gate in GATES}
# Gates renamed when they came to check the claim instead of its wording: a setting or a recording that names the
# old gate (``strict,-picked-by-eye``) still means the gate that does that job.
RENAMED: dict[str, str] = {"picked-by-eye": "wrong-extreme", "nothing-found-unseen": "nothing-found"}
POLICIES: tuple[str, ...] = ("strict", "lenient", "off")


@dataclass(frozen=True)
class Policy:
    """A policy name and the gates switched off by name: what each gate does in a run."""

    name: str = "strict"
    off: frozenset[str] = frozenset()

    @classmethod
    def parse(cls, spec: str) -> Policy:
        """``strict``, ``lenient`` or ``off``, then ``,-gate`` for each gate to switch off; a one-line error else."""
        head, *rest = [part.strip() for part in spec.split(",")]
        if head not in POLICIES:
            raise ValueError(f"acceptance must start with one of {', '.join(POLICIES)}, got {head!r}; "
                             "e.g. 'strict' or 'strict,-wrong-extreme'")
        off = set()
        for part in rest:
            name = part[1:] if part.startswith("-") else None
            name = RENAMED.get(name or "", name)
            if name not in BY_NAME:
                raise ValueError(f"acceptance: {part!r} is not '-' and a gate name; the gates: "
                                 f"{', '.join(BY_NAME)}")
            if BY_NAME[name].level == "fact":
                raise ValueError(f"acceptance: {name} cannot be switched off: {BY_NAME[name].checks} "
                                 "leaves no answer to accept")
            off.add(name)
        return cls(head, frozenset(off))

    def action(self, gate: str) -> Action:
        """What ``gate`` does under this policy: refuse, only mark the report, or nothing at all."""
        level = BY_NAME[gate].level
        if level == "fact":
            return "refuse"
        if gate in self.off or self.name == "off":
            return "skip"
        return "mark" if level == "mark" or (self.name == "lenient" and level == "soft") else "refuse"

    def __str__(self) -> str:
        return ",".join([self.name, *(f"-{name}" for name in sorted(self.off))])
