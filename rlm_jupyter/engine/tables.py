"""Tables the model's code printed, read back: which labels and figures it showed as rows of a table.

Why: reading a row off a printed table is where models misread. A real 1.5B model printed the totals per
region and wrote the third row as the largest; a model writes "Lyon's average basket was $71.90", the figure
of the next row. The acceptance gates ``picked-by-eye`` and ``row-mismatch`` ask this module which labels of
an answer are rows of a table the model was shown, which figure each row holds, and whether code ever
selected a label (showed it outside such a table: ``print(totals.idxmax())``, ``totals.nlargest(1)``).

A table is three or more rows of one output that each read "label, then figures": a pandas Series or
frame (``berlin    5210.0``), ``label: figure`` lines a loop printed, or a dict's ``'label': figure`` pairs.
Only rows up to ``MAX_ROW_CHARS`` are read, with patterns that never backtrack over a long line of digits.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

MAX_ROW_CHARS = 200
MIN_TABLE_ROWS = 3  # a choice among fewer printed rows is not a table to misread
_FIGURE = r"-?(?:\d[\d,]*(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?%?"
_ROW = re.compile(r"^\s*(?:\d+ {2,})?(?P<label>[^\s:=,'\"{}\[\]()](?:[^:={}\[\]]*?[^\s:=,])??)"
                  r"(?: {2,}|\t|\s*[:=]\s*|,\s*| )(?P<figures>" + _FIGURE + r"(?:\s+" + _FIGURE + r")*)\s*$")
_PAIR = re.compile(r"['\"](?P<label>[^'\"\n]{1,60})['\"]\s*:\s*(?P<figure>" + _FIGURE + r")")


@dataclass
class Tables:
    """The rows of every table in some outputs, and the words those outputs showed outside a table."""

    rows: dict[str, list[str]] = field(default_factory=dict)  # label (as compared) -> its figures, as printed
    figures: dict[str, set[str]] = field(default_factory=dict)  # figure (as compared) -> labels of its rows
    outside: list[str] = field(default_factory=list)  # lines that are not rows of a table

    @classmethod
    def read(cls, outputs: Iterable[str]) -> Tables:
        """Every run of ``MIN_TABLE_ROWS`` or more consecutive rows is a table; a shorter run (the one row of
        ``nlargest(1)`` printed under the full table) is a selection, outside any table."""
        tables = cls()
        for output in outputs:
            lines = [line for line in output.splitlines() if len(line) <= MAX_ROW_CHARS]
            pairs = [(m["label"], [m["figure"]]) for m in _PAIR.finditer(output)]
            if len(pairs) >= MIN_TABLE_ROWS:  # a dict's repr: its pairs are the table, its line no selection
                for label, figures in pairs:
                    tables._add(label, figures)
                lines = [line for line in lines if not _PAIR.search(line)]
            run: list[tuple[str, str, list[str]]] = []
            for line in [*lines, ""]:
                row = _ROW.match(line)
                if row is not None:
                    run.append((line, row["label"], row["figures"].split()))
                    continue
                tables._close(run)
                run = []
                tables.outside.append(line)
        return tables

    def _close(self, run: list[tuple[str, str, list[str]]]) -> None:
        if len(run) >= MIN_TABLE_ROWS:
            for _, label, figures in run:
                self._add(label, figures)
        else:
            self.outside += [line for line, _, _ in run]

    def _add(self, label: str, figures: list[str]) -> None:
        key = label_key(label)
        if not re.search(r"[^\W\d]", key):  # a row of numbers only (an index, a year) labels nothing to pick
            return
        self.rows.setdefault(key, []).extend(figure_key(f) for f in figures)
        for figure in figures:
            self.figures.setdefault(figure_key(figure), set()).add(key)

    def labels_in(self, text: str) -> list[str]:
        """The table labels ``text`` names as words, in the order of the table (longest first on overlaps)."""
        words = label_key(text)
        return [label for label in sorted(self.rows, key=len, reverse=True)
                if re.search(rf"(?<![\w]){re.escape(label)}(?![\w])", words)]

    def selected(self, label: str, is_data: Callable[[str], bool] = lambda line: False) -> bool:
        """Whether an output showed ``label`` outside a table: code picked it (``idxmax``, a filter).

        ``is_data``: a printed line of the data itself (a sample log line that mentions the label) is the data,
        not a selection.
        """
        pattern = re.compile(rf"(?<![\w]){re.escape(label)}(?![\w])")
        return any(pattern.search(label_key(line)) and not is_data(line) for line in self.outside)


def label_key(text: str) -> str:
    """A label as compared: lower case, ``_`` and ``-`` read as spaces ("payment failed" is ``payment_failed``)."""
    return re.sub(r"[\s_\-]+", " ", text.lower()).strip()


def figure_key(text: str) -> str:
    """A printed figure as compared: without thousands commas and a trailing ``.0``."""
    plain = text.replace(",", "").rstrip("%")
    return plain[:-2] if plain.endswith(".0") else plain
