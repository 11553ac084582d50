"""What a run can still give when it stops without an accepted answer, and what it tells a model that is stuck.

Why: a real 1.5B model computed and printed the right group in a group-by, then wrote ``FINAL_VAR`` of a
name it never defined, repeated itself and was stopped with no answer, while the answer sat in the
namespace. A stopped run (repetition, out of turns) now returns the best answer its *code* produced,
flagged as such, never one taken from the model's prose alone: the variable its last ``FINAL_VAR``
pointed at (or the created variable whose name is closest to it), else the last output a block printed
without error. The status stays what it was (``repetition``, ``max_iterations``), so nobody mistakes it for
an answer the model stood by.
"""
from __future__ import annotations

import difflib
import numbers
import re
from dataclasses import dataclass
from typing import Any

from ..dialogue import code_names
from ..dialogue.protocol import parse_reply
from ..record.trajectory import Iteration, Run

NO_DATA_PROMPT_CHARS = 500  # sub-call prompts shorter than this carry no chunk of a context of ...
NO_DATA_CONTEXT_CHARS = 5_000  # ... at least this size: the model asked about data it did not pass
_NOTHING = re.compile(r"\A(?:none|nothing|null|n/?a|not found|no (?:\w+ )*found|no matches?|0+(?:\.0+)?)\.?\Z",
                      re.IGNORECASE)
# The same said in a sentence: "No, nothing on that day failed", "There were no failed payments", "0 matches".
_SAYS_NOTHING = re.compile(r"\A\W*(?:no\W+)?(?:none|nothing|zero|0(?![.,]\d)(?!\s+of\b))\b|"
                           r"\b(?:nothing|none|no \w+(?: \w+)?|zero|0 \w+) (?:was |were )?"
                           r"(?:found|matched|failed|occurred|appears?|exists?|recorded|logged)\b|"
                           r"\b(?:there (?:is|are|was|were) no|did not find|didn't find|found no|no match|"
                           r"(?:has|have|had) no \w+)|"
                           r"\A\W*(?:no|aucune?|keine?|ningun[oa]?|nessun[oa]?|nenhuma?)\s+[^\W\d]+|"
                           r"\A\W*(?:no|non|nein|não)\s*[.,;:!—–-]",  # "No. Eastgate lent none": a bare no answers
                           re.IGNORECASE)
SENTENCE_CHARS = 200  # a longer text answer is a report, not a "nothing found"


@dataclass(frozen=True)
class Salvage:
    """A best answer from what the code computed or printed, and where it came from (for the record)."""

    answer: Any
    source: str


def closest(name: str, names: list[str]) -> str | None:
    """The created variable a mistyped or misremembered name most likely meant (None when none is close)."""
    found = difflib.get_close_matches(name, names, n=1, cutoff=0.5)
    return found[0] if found else None


def salvage(run: Run, ns: dict[str, Any], created: list[str]) -> Salvage | None:
    """The best answer the run's code produced: what its last FINAL_VAR meant, else its last clean output."""
    for it in reversed(run.iterations):
        written = parse_reply(it.reply).final
        if written is not None and written.kind == "var":
            name = written.text if written.text in ns else closest(written.text, created)
            if name is not None:
                return Salvage(ns[name], f"variable `{name}`, which the model's FINAL_VAR({written.text}) named")
            break
    for it in reversed(run.iterations):
        for cell in reversed(it.cells):
            if cell.error is None and cell.stdout.strip():
                return Salvage(cell.stdout.strip(), f"what the code printed in turn {it.index + 1}")
    return None


def assigned_names(run: Run) -> set[str]:
    """The names the run's code assigned anywhere (even in a block that failed): what the model meant to define.

    Why: a real small model wrote ``FINAL(numeric_values_count)`` after every block that would have set it
    had failed; read as text, the variable's *name* came back as a final answer.
    """
    assigned: set[str] = set()
    for cell in (cell for it in run.iterations for cell in it.cells):
        assigned |= code_names.names(cell.code, code_names.STORES) or set()
    return assigned


def set_by_failed_block(name: str, run: Run) -> bool:
    """Whether the block that last bound ``name`` raised, and no block since ran cleanly and used ``name``.

    Why: a real small model wrote ``cohorts = []`` ahead of a loop that raised, twice, then
    ``FINAL(cohorts)``; the empty list came back ``final``. A value the failing block left behind is
    whatever it held when the error hit. A later clean block that reads it (``print(cohorts)``,
    ``cohorts.append(...)``) means the model has worked with it since, so it counts as settled.
    """
    for it in reversed(run.iterations):
        for cell in reversed(it.cells):
            if cell.created is not None and name in cell.created:
                return cell.error is not None
            if cell.error is None and name in code_names.loaded(cell.code):
                return False
    return False


_NAME_ERROR = re.compile(r"^NameError: name '(\w+)' is not defined", re.MULTILINE)


def misspelled(it: Iteration, names: list[str]) -> list[tuple[str, str]]:
    """(name a block of the turn could not find, the existing name it most likely meant), each once.

    Why: a real small model ended a run with ``final(find_spikes())`` in code, and Python offers no
    suggestion for a name that differs only in case (``final``, ``FINAL``). Matched without case, close
    spellings too (``llm_query_batch``); public names only.
    """
    unknown = dict.fromkeys(wrong for cell in it.cells for wrong in _NAME_ERROR.findall(cell.error or ""))
    if not unknown:
        return []
    by_lower = {name.lower(): name for name in sorted(names) if not name.startswith("_")}
    found = []
    for wrong in unknown:
        match = difflib.get_close_matches(wrong.lower(), list(by_lower), n=1, cutoff=0.8)
        if match and by_lower[match[0]] != wrong:
            found.append((wrong, by_lower[match[0]]))
    return found


def in_outputs(text: str, run: Run) -> bool:
    """Whether ``text`` appears in what the run's code printed or returned (a last reply's FINAL must)."""
    needle = text.strip().strip("'\"")
    return bool(needle) and any(needle in cell.stdout or needle in (cell.value or "")
                                for it in run.iterations for cell in it.cells)


def _only_zero(text: str) -> bool:
    """Whether the text's figures, the years it names aside, are all zero (as written in any locale: 0, 0.00,
    "R$ 0,00")."""
    from .readings import is_year, values

    figures = [v for v in values(text) if v.kind == "number" and v.readings and not is_year(v)]
    return bool(figures) and all(v.first == 0 for v in figures)


def figureless(answer: Any) -> bool:
    """Whether a text answer states no figure but zeros and years: a yes/no, a label, "none", in any language."""
    from .readings import is_year, values

    return isinstance(answer, str) and len(answer) <= SENTENCE_CHARS and not any(
        v.kind == "number" and v.readings and not is_year(v) and v.first != 0 for v in values(answer))


def nothing(answer: Any) -> bool:
    """Whether an answer says that nothing was found: 0, None, an empty collection or table, "not found".

    Only objects whose size is cheap to know are measured: ``len`` of a lazy frame (Dask) would compute it.
    """
    if answer is None or (isinstance(answer, numbers.Real) and not isinstance(answer, bool) and answer == 0):
        return True
    if isinstance(answer, str):
        text = answer.strip().strip("'\"")
        if len(text) <= SENTENCE_CHARS and _only_zero(text):
            return True  # "Lea handled no WhatsApp chats: 0.", "o total é R$ 0,00 em 2024": its only figure is zero
        return not text or bool(_NOTHING.match(text)) or (len(text) <= SENTENCE_CHARS
                                                         and bool(_SAYS_NOTHING.search(text)))
    if not isinstance(answer, list | tuple | set | frozenset | dict) and not _in_memory_table(answer):
        return False
    try:
        return len(answer) == 0
    except Exception:  # a length that fails says nothing was found no more than any other answer
        return False


def _in_memory_table(obj: object) -> bool:
    """A pandas or NumPy object: in memory, so its length costs nothing."""
    return type(obj).__module__.split(".", 1)[0] in ("pandas", "numpy")


def context_chars(ns: dict[str, Any], names: list[str]) -> int:
    """Characters of the run's text context (str variables): what a sub-call would need a chunk of."""
    return sum(len(value) for name in names if isinstance(value := ns.get(name), str))


def passed_no_data(it: Iteration, context_size: int) -> bool:
    """Every sub-call of the turn was a short prompt while the text context is big: the data was not passed."""
    return (context_size >= NO_DATA_CONTEXT_CHARS and bool(it.subcalls)
            and all(len(call.prompt) < NO_DATA_PROMPT_CHARS for call in it.subcalls))
