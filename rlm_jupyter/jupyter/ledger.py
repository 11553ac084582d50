"""``%rlm cost``: what this kernel session spent, per model and per run, and what the cache saved.

The totals also ride in the metadata of every run's report, so a saved
notebook keeps the session's running total (a kernel cannot write the
notebook's own metadata; that needs a front-end extension).
"""
from __future__ import annotations

from typing import Any

from ..engine.record.spend import Usage, cache_words, money, spend_words
from ..engine.record.trajectory import Run
from .format import tokens
from .markup import esc, table_cell
from .report import METADATA_KEY


def per_model(runs: list[Run]) -> dict[str, Usage]:
    """Every run's usage merged per model, in the order the models were first used."""
    merged: dict[str, Usage] = {}
    for run in runs:
        for model, usage in run.usage.items():
            merged.setdefault(model, Usage()).merge(usage)
    return merged


def totals(runs: list[Run]) -> dict[str, Any]:
    """Running totals: dollars (of priced models; the words say what is free or unknown), savings, per model."""
    usage = per_model(runs)
    costs = [run.cost_usd for run in runs]
    return {"runs": len(runs), "cost_usd": sum(c for c in costs if c is not None), "cost": spend_words(usage),
            "unpriced_runs": sum(c is None for c in costs), "saved_usd": sum(r.saved_usd for r in runs),
            "cache": cache_words(usage),
            "models": {m: {"prompt_tokens": u.prompt_tokens, "completion_tokens": u.completion_tokens,
                           "calls": u.calls, "cached_calls": u.cached_calls, "cost_usd": u.cost_usd,
                           "cost": spend_words({m: u}), "saved_usd": u.saved_usd} for m, u in usage.items()}}


class Ledger:
    """Displayable: a table per model and per run, plus the running total."""

    def __init__(self, runs: list[Run]) -> None:
        self.runs = list(runs)
        self.totals = totals(self.runs)

    def _lines(self) -> list[tuple[str, ...]]:
        rows: list[tuple[str, ...]] = [("model", "calls", "cached", "tokens in", "tokens out", "cost", "saved")]
        rows += [(m, str(u["calls"]), str(u["cached_calls"]), tokens(u["prompt_tokens"]),
                  tokens(u["completion_tokens"]), u["cost"], money(u["saved_usd"]))
                 for m, u in self.totals["models"].items()]
        return rows

    def _run_lines(self) -> list[tuple[str, ...]]:
        rows: list[tuple[str, ...]] = [("run", "question", "status", "cost", "saved")]
        # what each run spent here: a replay nothing (its cost_text reads as its recording's did)
        rows += [(r.id, r.question[:50], r.status, spend_words(r.usage), money(r.saved_usd)) for r in self.runs]
        return rows

    def summary(self) -> str:
        """"2 runs in this kernel, cost free (served on this machine); 12 cached calls (free anyway)"."""
        t = self.totals
        runs = "run" if t["runs"] == 1 else "runs"
        return f"{t['runs']} {runs} in this kernel, cost {t['cost']}" + (f"; {t['cache']}" if t["cache"] else "")

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> tuple[dict[str, str], dict[str, Any]]:
        text = "\n".join([self.summary(), "", _text_table(self._lines()), "", _text_table(self._run_lines())])
        html = (f"<p><b>{esc(self.summary())}</b></p>" + _html_table(self._lines()) + _html_table(self._run_lines()))
        return {"text/plain": text, "text/html": html}, {METADATA_KEY: {"ledger": self.totals}}


def _text_table(rows: list[tuple[str, ...]]) -> str:
    """Columns aligned with spaces, for the text/plain form (terminals, nbval)."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows)


def _html_table(rows: list[tuple[str, ...]]) -> str:
    """The same rows as an HTML table, the first row as its header."""
    head = "".join(table_cell(esc(c), "th") for c in rows[0])
    body = "".join("<tr>" + "".join(table_cell(esc(c)) for c in row) + "</tr>" for row in rows[1:])
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
