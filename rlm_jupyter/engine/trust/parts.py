"""The parts of the data a question names, and what a printed figure's code selected: read from the data and the
code, for the checks that compare the two (``shares``: a share's base, ``subsets``: a figure's rows).

Why the data: "Iberia", "the main branch", "Android 14" are not words any list could hold; they are values of a
text column of the run's tables, and the data says how many rows they name. Why the code: a figure printed by
``jobs.secs.sum()`` is every branch's, one printed by ``jobs[jobs.branch == 'main'].secs.sum()`` is main's, and
the constant ``'main'`` in the expression (each name read as what the code assigned it) tells them apart.

- ``Part``: a word of the question that a text column holds, as a whole value (``Iberia`` in ``airline``) or, when
  asked, as one word of its values (``api`` in ``/api/v2/orders``), in at least one row and under ``MAX_PART`` of
  the rows of the largest table that holds it (a word in nearly every row names the whole, not a part).
- ``printed_expression``: the expression whose result a printed figure is, when one ``print`` call's arguments
  line up with the figures of its line.
- ``names``: whether an expression holds a constant naming the part.

Only tables of at most ``MAX_ROWS`` rows are read (a text column's scan costs about a second per five million
rows), and only for a question a check applies to: nothing else pays for it.
"""
from __future__ import annotations

import ast
import builtins
import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .printed import Match
from .provenance import Evidence
from .readings import Value
from .revisions import printed_calls

MAX_PART = 0.95
MAX_ROWS = 2_000_000
MAX_WORDS = 3  # a part's name in the question: "Android 14", "New York City"
MAX_VALUES = 5_000


@dataclass(frozen=True)
class Part:
    """A part of the data: the words that name it, the column that holds them, and how many rows it has."""

    word: str
    column: str
    rows: int


def part_named(words: Sequence[str], frames: Iterable[Any], *, within: bool = False) -> Part | None:
    """The first of ``words`` (lower case) that names a part of the data (see the module); ``within``: also as a
    word of a column's values."""
    usable = [frame for frame in frames if len(frame) <= MAX_ROWS]
    found = parts_named(words, usable)
    if found or not within:
        return found[0] if found else None
    for word in words:
        inside = [(len(frame), part) for frame in usable if (part := _rows_containing(frame, word)) is not None]
        if inside:
            return max(inside, key=lambda f: f[0])[1]
    return None


def parts_named(words: Sequence[str], frames: Iterable[Any]) -> list[Part]:
    """Every one of ``words`` that is a whole value of a text column of the data, as a part (in the largest table
    that holds it), in the order of ``words``."""
    held: dict[str, tuple[int, Part]] = {}
    for frame in frames:
        if len(frame) > MAX_ROWS:
            continue
        for name, counts in _value_counts(frame).items():
            for word in words:
                # "the lions" names the rows of ``lion``: a plural's singular, when the data holds only that
                form = next((f for f in (word, *_singulars(word)) if counts.get(f, 0)), word)
                count = counts.get(form, 0)
                if 0 < count < MAX_PART * len(frame) and len(frame) > held.get(word, (-1, None))[0]:
                    held[word] = (len(frame), Part(form, name, count))
    return [held[word][1] for word in words if word in held]


def _singulars(word: str) -> tuple[str, ...]:
    """The singulars an English or Romance plural may have ("lions", "boxes", "rosas"); a word of 4 letters or
    fewer is left as it is ("bus", "gas")."""
    if len(word) <= 4 or not word.endswith("s") or word.endswith("ss"):
        return ()
    return (word[:-1], word[:-2]) if word.endswith("es") else (word[:-1],)


def phrases(text: str) -> list[str]:
    """The runs of one to ``MAX_WORDS`` words of ``text``, longest first, in lower case: what may name a part."""
    words = [w.lower() for w in re.findall(r"[\w][\w/.+-]*[\w]|\w", text)]
    runs = [" ".join(words[i:i + n]) for n in range(MAX_WORDS, 0, -1) for i in range(len(words) - n + 1)]
    return list(dict.fromkeys(r for r in runs if len(r) >= 2 and not r.isdigit()))


def _text_columns(frame: Any) -> list[Any]:
    return [name for name in frame.columns if str(frame[name].dtype) in ("object", "string", "str")]


def _value_counts(frame: Any) -> dict[str, dict[str, int]]:
    """Each text column's values, in lower case, with how many rows hold each (a column of more than
    ``MAX_VALUES`` distinct values, free text or ids, names no part)."""
    out: dict[str, dict[str, int]] = {}
    for name in _text_columns(frame):
        try:
            counts = frame[name].astype(str).str.lower().value_counts()
        except TypeError:  # unhashable cells
            continue
        if len(counts) <= MAX_VALUES:
            out[str(name)] = {str(k): int(v) for k, v in counts.items()}
    return out


def _rows_containing(frame: Any, word: str) -> Part | None:
    """How many rows of ``frame`` hold ``word`` as one word of a text column's values."""
    pattern = word_pattern(word).pattern
    for name in _text_columns(frame):
        count = int(frame[name].astype(str).str.lower().str.contains(pattern, regex=True).sum())
        if 0 < count < MAX_PART * len(frame):
            return Part(word, str(name), count)
    return None


@functools.lru_cache(maxsize=256)
def word_pattern(word: str) -> re.Pattern[str]:
    """``word`` (lower case) as a whole word of a lower-cased text: not inside a longer word or code ("s5" is a
    word of "s-bahn_s5", not of "s50")."""
    return re.compile(rf"(?<![a-z0-9]){re.escape(word)}(?![a-z0-9])")


def names_word(text: str, word: str) -> bool:
    """``text`` holds ``word`` (lower case) as a whole word, in any case."""
    return word_pattern(word).search(text.lower()) is not None


def names(expr: ast.expr, word: str) -> bool:
    """A text constant of ``expr`` names ``word`` (as the whole text or one of its words), in any case."""
    return any(isinstance(node, ast.Constant) and isinstance(node.value, str) and names_word(node.value, word)
               for node in ast.walk(expr))


def printed_expression(match: Match, evidence: Evidence) -> ast.expr | None:
    """The expression whose result printed the figure of ``match``: the argument of a ``print`` call of its block
    at the figure's place on the line, when the call's arguments are as many as the line's figures (of several
    such calls, the last one for the block's last line, when it stands at the top level); else None."""
    line = match.line
    if match.figure is None or line.where.place != "output" or line.where.earlier or not evidence.runs:
        return None
    figures = sorted((f for f in evidence.shown.figures if evidence.shown.lines[f.line] is line), key=lambda f: f.start)
    position = next((i for i, f in enumerate(figures) if f is match.figure), None)
    calls = printed_calls(evidence.runs[-1]).get((line.where.turn, line.where.block), [])
    fitting = [args[position] for args in calls if position is not None and len(args) == len(figures)]
    if len(fitting) == 1:
        return fitting[0]
    # several calls could have printed it: the block's last line is the last call's, and its first line the first
    # call's, when that one fits (a value_counts() printed, then a total; a total, then a value_counts())
    block = [other for other in evidence.shown.lines if other.where == line.where]
    if not fitting or not block or position is None:
        return None
    for end, call, first in ((block[-1], calls[-1], False), (block[0], calls[0], True)):
        if end is line and len(call) == len(figures) and _print_runs_at_its_end(line.code, first):
            return call[position]
    return None


@functools.lru_cache(maxsize=256)
def _print_runs_at_its_end(code: str, first: bool) -> bool:
    """The block's last ``print`` (``first``: its first, in source order) is a statement of its own at the top
    level: it ran last (first). One inside a loop or a branch may not have run at all (``for i in hits:
    print(...)`` over no hits), or may have run many times.

    The first also needs that nothing before it can have written a line: no expression statement (a display),
    no call of a function the code defined or imported (a helper that prints, ``pprint``), no ``.write(...)``;
    and that it writes its own line (no ``file=``, ``end=`` or ``sep=``), not a text constant (``print('')`` is a
    blank line, which no line shows: the first line is then another's)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return False
    prints = [node for node in ast.walk(tree)
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print"]
    if not prints:
        return False
    end = (min if first else max)(prints, key=lambda n: (n.lineno, n.col_offset))
    at = next((i for i, statement in enumerate(tree.body) if isinstance(statement, ast.Expr)
               and statement.value is end), None)
    if at is None or not first:
        return at is not None
    typed = any(isinstance(arg, ast.Constant) and isinstance(arg.value, str) for arg in end.args)
    return not end.keywords and not typed and all(_writes_nothing(statement) for statement in tree.body[:at])


_WRITERS = frozenset({"write", "writelines", "print", "pprint", "display", "debug", "info", "warning", "error"})


def _writes_nothing(statement: ast.stmt) -> bool:
    """A statement that cannot write to the output: no expression statement, no call of a name that is no builtin
    (a helper of an earlier block may print), no call of a method that writes (``sys.stdout.write``, a logger)."""
    if isinstance(statement, ast.Expr):
        return False
    for node in ast.walk(statement):
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name) and not hasattr(builtins, node.func.id):
                return False
            if isinstance(node.func, ast.Attribute) and node.func.attr in _WRITERS:
                return False
    return True


def printed_matches(value: Value, evidence: Evidence) -> list[Match]:
    """The lines of this run's outputs that printed ``value`` as a figure."""
    return [m for m in evidence.shown.matches(value) if m.figure is not None and m.line.where.place == "output"
            and not m.line.where.earlier]
