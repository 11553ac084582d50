"""Grounding: an answer counts only when it comes from the data, and the record says which values did.

Why: a reproduction of the RLM paper found models answering from memory, a year or a count they
"knew", with the data in the REPL unread. Two checks, both cheap and both conservative:

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
- **Values seen** (``check``): the numbers, dates and codes in a text answer are looked up in what the
  code showed (each block's stdout, value, rich text output and the reprs of what it bound) and in the
  sub-calls' answers, and in the question and the data's descriptions. The loop refuses an answer with a
  value never seen (``prompts.ungrounded_final``; a derived figure costs one more turn: print it, then
  finish), so a ``final`` answer is grounded whenever the run had data to read; ``Run.grounding`` records
  the verdict, and a run with no data (which may answer at once) is marked, not refused.

What is a value: numbers (``1,234`` is ``1234``; ``12.5%`` is also ``0.125``; a rounded figure matches
the printed one it rounds: ``12.3`` matches ``12.345``; ``1.2 million`` matches ``1,234,567``), dates
(``2024-03-05``, ``2024/3/5`` and ``March 5, 2024`` are one date), codes (a token with letters and
digits such as ``ERR-42``, ``user_42`` or ``3f2a9c``, not ``3rd`` or ``12ms``, which are numbers) and
short quoted tokens (``"timeout"``). A word of prose is never a value: "Paris" is not checked.

An answer the code gave (``FINAL(expr)`` called in code, ``FINAL_VAR``) was computed: its values count
as seen unless one is a constant the model typed into its code and no output showed it (``x = 1989``
then ``FINAL_VAR("x")`` is still from memory). Objects other than text and numbers (a DataFrame, a
list) returned that way are grounded by construction.
"""
from __future__ import annotations

import ast
import bisect
import datetime as _dt
import numbers
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from . import code_names
from .conversation import Conversation
from .trajectory import CodeCell, Grounding, Run

MAX_VALUES = 50  # values checked per answer: a long answer is marked by its first ones, the record stays small
MAX_QUOTED_CHARS = 40  # a quoted span longer than this is prose, not a token
MAX_QUOTED_WORDS = 3

_MONTHS = {name: number for number, names in enumerate(
    [("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"), ("may",), ("jun", "june"),
     ("jul", "july"), ("aug", "august"), ("sep", "sept", "september"), ("oct", "october"), ("nov", "november"),
     ("dec", "december")], start=1) for name in names}
_MONTH = r"(?P<month>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_TIME = r"(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?"
_DATES = [
    re.compile(r"(?<![\w.])(?P<year>\d{4})[-/](?P<mon>\d{1,2})[-/](?P<day>\d{1,2})" + _TIME + r"(?![\w])"),
    re.compile(_MONTH + r" (?P<day>\d{1,2})(?:st|nd|rd|th)?,? (?P<year>\d{4})\b", re.IGNORECASE),
    re.compile(r"\b(?P<day>\d{1,2})(?:st|nd|rd|th)? " + _MONTH + r",? (?P<year>\d{4})\b", re.IGNORECASE),
    re.compile(r"(?<![\w.])(?P<day>\d{1,2})\.(?P<mon>\d{1,2})\.(?P<year>\d{4})(?![\w])"),  # 30.06.2024
]
# Not backticks: in a model's prose they mark code (`df.status`), not a value it read.
_QUOTED = re.compile(r'"([^"\n]+)"|“([^”\n]+)”|‘([^’\n]+)’|(?<![\w\'])\'([^\'\n]+)\'(?![\w])')
_TOKEN = re.compile(r"(?<![\w.\-])[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*(?![\w\-]|\.\d)")
_NUMBER_WITH_UNIT = re.compile(r"\d+[A-Za-z]{1,3}(?:[-_][A-Za-z]+)*")  # 3rd, 12ms, 5GB, 2nd-largest: numbers
_SCALES = {"thousand": 3, "k": 3, "million": 6, "m": 6, "mn": 6, "billion": 9, "bn": 9, "b": 9, "trillion": 12}
# Thousands written as 1,234 / 1.234 / 1'234 / 1 234 (a no-break or narrow space; a plain space only before a
# decimal comma or a currency, where "in 2023 300 orders" cannot be meant); decimals with a point or a comma
# (a comma decimal is not one item of a list: "1,2,3" is three numbers).
_GROUPS = r"\d{1,3}(?:(?P<sep>[,.'\u00a0\u202f])\d{3})(?:(?P=sep)\d{3})*(?![\d])"
_SPACED = r"\d{1,3}(?: \d{3})+(?=,\d|\s?(?:€|EUR\b|CHF\b|kr\b|zł))"
_NUMBER = re.compile(
    r"(?<![A-Za-z0-9_.])(?P<digits>" + _SPACED + "|" + _GROUPS + r"|\d+)(?P<fraction>\.\d+|,\d+(?![,\d]))?"
    r"(?P<exponent>[eE][-+]?\d+)?"
    r"(?P<percent>\s?(?:%|percent\b|pour ?cent\b|por ciento\b|Prozent\b))?"
    r"(?:\s?(?P<word>thousand|million|billion|trillion|millions?|milliards?|Millionen|Milliarden)\b"
    r"|(?P<suffix>k|K|M|mn|bn|B)\b)?")
_LIST = re.compile(r"\d+(?:,\d+){2,}")  # 1,2,3 is three numbers; 1,234,567 is one


def _thousands(text: str) -> bool:
    return all(len(group) == 3 for group in text.split(",")[1:])


_SEEN_NUMBER = re.compile(r"(?<![A-Za-z_\d.])(?P<digits>\d+(?:,\d{3})*)(?P<fraction>\.\d+)?"
                          r"(?P<exponent>[eE][-+]?\d+)?(?P<percent>%)?")
# Approximations: "about $560" for a printed 558.31; its trailing zeros are then rounding, not digits.
_HEDGE = re.compile(r"(?:about|around|roughly|approx(?:imately|\.)?|nearly|almost|some|over|under|more than|"
                    r"less than|close to|circa|ca\.|environ|etwa|rund|unos|aproximadamente|~|≈)\s*[$€£¥]?\s*\Z",
                    re.IGNORECASE)
_SCALE_WORDS = {"millions": "million", "million": "million", "milliard": "billion", "milliards": "billion",
                "millionen": "million", "milliarden": "billion"}
# Times (12:07:33) and a pandas RangeIndex column (0, 1, 2 ... at the start of a table's lines) hold numbers
# the model did not read as figures: they are left out of what was seen, or every small count would be "seen".
_CLOCK = re.compile(r"\b\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\b")
_INDEXED_LINE = re.compile(r"^(\d+)( {2,}|\t)(?=\S)", re.MULTILINE)


@dataclass(frozen=True)
class Value:
    """One value of an answer: as written (for the record) and what it is compared as."""

    text: str
    kind: str  # "number", "date" or "token"
    numbers: tuple[tuple[Decimal, Decimal], ...] = ()  # for a number: (value, tolerance) readings, any may match
    key: str = ""  # for a date: ISO form; for a token: lower case


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


# -- values of an answer ------------------------------------------------------------------
def values(text: str) -> list[Value]:
    """The values in ``text``, in order of appearance and without repeats; prose words are not values."""
    found: list[tuple[int, Value]] = []
    text = _take(text, _QUOTED, found, _quoted)
    for pattern in _DATES:
        text = _take(text, pattern, found, _date)
    text = _take(text, _CLOCK, found, lambda m: [Value(m.group(0), "token", key=m.group(0))])
    text = _take(text, _TOKEN, found, _code)
    _take(_LIST.sub(lambda m: m.group(0) if _thousands(m.group(0)) else m.group(0).replace(",", " "), text),
          _NUMBER, found, _number)
    unique: dict[tuple[str, str], Value] = {}
    for _, value in sorted(found, key=lambda f: f[0]):
        unique.setdefault((value.kind, value.text), value)
    return list(unique.values())[:MAX_VALUES]


def _take(text: str, pattern: re.Pattern[str], found: list[tuple[int, Value]],
          read: Callable[[re.Match[str]], list[Value]]) -> str:
    """Record what ``read`` makes of each match and blank the matches it took, so no later pattern re-reads them."""
    kept: list[str] = []
    last = 0
    for match in pattern.finditer(text):
        taken = read(match)
        if taken:
            found.extend((match.start(), value) for value in taken)
            kept += [text[last:match.start()], " " * (match.end() - match.start())]
            last = match.end()
    return "".join(kept) + text[last:]


def _quoted(match: re.Match[str]) -> list[Value]:
    inner = next(group for group in match.groups() if group is not None).strip()
    if not inner or len(inner) > MAX_QUOTED_CHARS or len(inner.split()) > MAX_QUOTED_WORDS:
        return []
    return values(inner) or [Value(inner, "token", key=_token_key(inner))]  # "ERR-42" a code, "1,234" a number


def _token_key(text: str) -> str:
    """A token as compared: lower case, with ``_``, ``-`` and spaces one separator ("payment failed" is
    ``payment_failed``: a readable label for a printed one)."""
    return re.sub(r"[\s_\-]+", " ", text.lower()).strip()


def _date(match: re.Match[str]) -> list[Value]:
    parts = match.groupdict()
    month = int(parts["mon"]) if parts.get("mon") else _MONTHS[parts["month"].lower()]
    iso = _iso(int(parts["year"]), month, int(parts["day"]))
    return [Value(match.group(0), "date", key=iso)] if iso else []


def _iso(year: int, month: int, day: int) -> str | None:
    try:
        return _dt.date(year, month, day).isoformat()
    except ValueError:  # 2024-13-45 is not a date: its numbers are read as numbers
        return None


def _code(match: re.Match[str]) -> list[Value]:
    """A code mixes letters and digits and is marked as one: CAPITALS (ERR-42), ``_`` (user_42), or a1b2."""
    token = match.group(0)
    if len(token) < 3 or not re.search(r"\d", token) or not re.search(r"[A-Za-z]", token):
        return []
    if _NUMBER_WITH_UNIT.fullmatch(token):
        return []
    parts = re.split(r"[-_]", token)
    marked = ("_" in token or any(part.isalpha() and part.isupper() for part in parts)
              or any(re.search(r"[A-Za-z]", part) and re.search(r"\d", part) for part in parts))
    return [Value(token, "token", key=_token_key(token))] if marked else []


def _number(match: re.Match[str]) -> list[Value]:
    """A number with every reading its writing allows: ``1.234`` is 1.234 or (German) 1234, ``13 402,75``
    is 13402.75, ``12.5%`` is 12.5 or 0.125, ``1.2 million`` 1,200,000, and after "about" trailing zeros round."""
    hedged = bool(_HEDGE.search(match.string[max(0, match.start() - 24):match.start()]))
    readings: list[tuple[Decimal, Decimal]] = []
    for number, tolerance in _decimals(match, hedged):
        readings.append((number, tolerance))
        if match.group("percent"):
            readings.append((number / 100, tolerance / 100))
        scale = match.group("word") or match.group("suffix")
        if scale:
            factor = Decimal(10) ** _SCALES[_SCALE_WORDS.get(scale.lower(), scale.lower())]
            readings.append((number * factor, tolerance * factor))
    return [Value(match.group(0).strip(), "number", numbers=tuple(readings))] if readings else []


def _decimals(match: re.Match[str], hedged: bool) -> list[tuple[Decimal, Decimal]]:
    """Each reading of the written number, with half a unit of its last written digit as its tolerance."""
    digits, fraction = match.group("digits"), match.group("fraction") or ""
    exponent = match.group("exponent") or ""
    separator = match.group("sep") or (" " if " " in digits else "")
    whole = re.sub(r"[,.'\s\u00a0\u202f]", "", digits)
    spellings = [whole + fraction.replace(",", ".")]
    if separator in ",." and not fraction and digits.count(separator) == 1:
        spellings.append(digits.replace(separator, "."))  # 1.234 or 1,234: a decimal in one language or another
    if separator and fraction and fraction[0] == separator:
        return []  # 1,234,5 or 1.234.5: not a number in any language
    found = []
    for spelling in spellings:
        try:
            number = Decimal(spelling + exponent)
        except InvalidOperation:
            continue
        places = len(spelling.split(".")[1]) if "." in spelling else 0
        unit = Decimal(10) ** -places
        if hedged and not places:
            unit = Decimal(10) ** (len(whole) - len(whole.rstrip("0")))
        scale = Decimal(10) ** int(exponent[1:]) if exponent else Decimal(1)
        found.append((number, unit / 2 * scale))
    return found


# -- what the model was shown ---------------------------------------------------------------
class Seen:
    """Numbers, dates and text of what the model was shown, indexed so one answer is checked in ``O(log n)``."""

    def __init__(self, texts: Iterable[str]) -> None:
        self.text = "\n".join(texts).replace("\\n", "\n")  # a repr's escaped line breaks are line breaks
        self.lower = self.text.lower()
        self.words = _token_key(self.text)
        self.dates = {value.key for pattern in _DATES for match in pattern.finditer(self.text)
                      for value in _date(match)}
        plain = _CLOCK.sub(" ", _INDEXED_LINE.sub(_blank_index, self.text))
        for pattern in _DATES:  # a date's day is not a count the model read
            plain = pattern.sub(lambda m: " " * len(m.group(0)), plain)
        found: list[Decimal] = []
        for match in _SEEN_NUMBER.finditer(plain):
            for digits in {match.group("digits"), match.group("digits").replace(",", "")}:
                found += _readings(digits + (match.group("fraction") or "") + (match.group("exponent") or ""),
                                   bool(match.group("percent")))
        self.numbers = sorted(set(found))

    def has(self, value: Value) -> bool:
        if value.kind == "date":
            return value.key in self.dates or value.text.lower() in self.lower
        if value.kind == "token":
            pattern = r"[\s_\-]+".join(re.escape(word) for word in value.key.split())
            return re.search(r"(?<![\w\-])" + pattern + r"(?![\w\-])", self.words) is not None
        return any(self._near(abs(number), tolerance) for number, tolerance in value.numbers)

    def _near(self, number: Decimal, tolerance: Decimal) -> bool:
        at = bisect.bisect_left(self.numbers, number - tolerance)
        return at < len(self.numbers) and self.numbers[at] <= number + tolerance


def _blank_index(match: re.Match[str]) -> str:
    """A table line's leading row number when it is pandas' default index (its lines count 0, 1, 2, ...)."""
    text, start = match.string, match.start()
    previous = text.rfind("\n", 0, max(start - 1, 0))
    before = _INDEXED_LINE.match(text, previous + 1) if start else None
    number = int(match.group(1))
    counted = number == 0 or (before is not None and int(before.group(1)) == number - 1)
    return " " * len(match.group(0)) if counted else match.group(0)


def _readings(text: str, percent: bool) -> list[Decimal]:
    try:
        number = Decimal(text)
    except InvalidOperation:
        return []
    return [number, number / 100] if percent else [number]


def cell_shown(cell: CodeCell) -> str:
    """The text of a block the model was sent: ``CodeCell.shown``, or for a record from before it was kept,
    what every version sent (stdout, stderr, the last value, the error), unclipped."""
    return cell.shown if cell.shown is not None else cell.output_text()


def shown(runs: Iterable[Run]) -> Seen:
    """What the runs showed the model: the question, the data's descriptions and each block's text as sent.

    Not a sub-call's answer nor the repr of what a block bound: the model reads those only when its code
    prints them. Not the system prompt (its example holds made-up values) nor our instructions ("4 turns").
    """
    return Seen(_shown_texts(runs))


def _shown_texts(runs: Iterable[Run]) -> Iterator[str]:
    for run in runs:
        yield run.question
        yield Conversation.given(run.root_prompt)
        yield from (cell_shown(cell) for cell in _cells(run))


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
    pattern = re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])", re.IGNORECASE)
    return any(pattern.search(cell_shown(cell)) for cell in _cells(run))


def typed_constants(runs: Iterable[Run]) -> Seen:
    """The constants the model typed into its code (strings and numbers of the AST, not comments)."""
    texts: list[str] = []
    for cell in (cell for run in runs for cell in _cells(run)):
        try:
            tree = ast.parse(cell.code)
        except (SyntaxError, ValueError):
            texts.append(cell.code)
            continue
        texts += [str(node.value) for node in ast.walk(tree) if isinstance(node, ast.Constant)
                  and isinstance(node.value, (str, int, float)) and not isinstance(node.value, bool)]
    return Seen(texts)


def _runs(run: Run, history: Run | None) -> list[Run]:
    """The runs whose outputs count: a follow-up's answer may rest on what the run it continues showed."""
    return [run] if history is None else [history, run]


# -- derived figures ------------------------------------------------------------------------
MAX_OPERANDS = 8  # shown figures of one answer tried as operands: 56 ordered pairs at most

_OPERATIONS: tuple[tuple[str, Callable[[Decimal, Decimal], Decimal | None]], ...] = (
    ("{a} - {b}", lambda a, b: a - b),
    ("{a} + {b}", lambda a, b: a + b),
    ("{a} / {b}", lambda a, b: a / b if b else None),
    ("{a} × {b}", lambda a, b: a * b),
    ("({a} - {b}) / {b}", lambda a, b: (a - b) / b if b else None),
    ("{a} / {b} - 1", lambda a, b: a / b - 1 if b else None),
)


def derivation(value: Value, operands: list[Value]) -> str | None:
    """How ``value`` follows from figures the model was shown and wrote beside it, or None.

    Why: "March beat February by $2,310.40 ($48,115.90 vs $45,805.50)" is what a capable model writes after
    printing both totals, and the difference was never printed. A difference, sum, ratio, product, percent
    change or share of two figures, or the sum of all of them, computed to the precision the answer wrote.
    Only figures of the same answer are operands, so a figure invented alone has nothing to be derived from.
    """
    if value.kind != "number" or not operands:
        return None
    pairs = [(a, b) for a in operands[:MAX_OPERANDS] for b in operands[:MAX_OPERANDS] if a is not b]
    for a, b in pairs:
        for written, operation in _OPERATIONS:
            for x, y in ((n, m) for n, _ in a.numbers[:1] for m, _ in b.numbers[:1]):
                result = operation(x, y)
                if result is not None and _matches(value, result):
                    return f"{value.text} = {written.format(a=a.text, b=b.text)}"
    if len(operands) >= 3:
        total = sum((v.numbers[0][0] for v in operands[:MAX_OPERANDS]), Decimal(0))
        if _matches(value, total):
            return f"{value.text} = " + " + ".join(v.text for v in operands[:MAX_OPERANDS])
    return None


def _matches(value: Value, result: Decimal) -> bool:
    """Whether a computed figure is what ``value`` wrote, as a number or as a percent of it."""
    return any(abs(abs(result) * scale - number) <= tolerance for number, tolerance in value.numbers
               for scale in (Decimal(1), Decimal(100)))


# -- the verdict --------------------------------------------------------------------------
def check(answer: object, run: Run, history: Run | None = None, *, typed: str | None = None) -> Grounding:
    """How grounded an accepted answer is. ``typed``: the text of a FINAL written in the reply (None: code gave it).

    A written FINAL was typed by the model, so each of its values must have been shown to the model, or be
    computed from figures that were and that the answer states (``derivation``). An answer code gave was
    computed, unless a value of it is a constant typed into the code that no output showed.
    """
    runs = _runs(run, history)
    if typed is not None:
        text = answer if isinstance(answer, str) else typed
    elif isinstance(answer, str) or (isinstance(answer, numbers.Number) and not isinstance(answer, bool)):
        text = str(answer)
    else:
        return Grounding(grounded=True, computed=True)
    found = values(text)
    seen = shown(runs)
    unseen = [v for v in found if not seen.has(v)]
    derived: list[str] = []
    if typed is None and unseen:
        constants = typed_constants(runs)
        unseen = [v for v in unseen if constants.has(v)]
    elif unseen:
        operands = [v for v in found if v.kind == "number" and v not in unseen]
        for value in list(unseen):
            how = derivation(value, operands)
            if how is not None:
                derived.append(how)
                unseen.remove(value)
    return Grounding(grounded=not unseen, checked=[v.text for v in found], unseen=[v.text for v in unseen],
                     derived=derived)


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
    if grounding.derived:
        return "yes: " + "; ".join(grounding.derived) + ", from figures the outputs showed"
    return "yes: every value in the answer appeared in an output"


def _cells(run: Run) -> list[CodeCell]:
    return [cell for it in run.iterations for cell in it.cells]
