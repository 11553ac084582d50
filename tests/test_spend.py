"""A run's cost reads the same in rlm_run, the report, the panel and %rlm cost: free, unknown or dollars.

Each case is a real run over HTTP against the bundled server (on 127.0.0.1, so "local" unless the rule is off),
then the same run again from the response cache.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from rlm_jupyter import Run
from rlm_jupyter.engine.record.spend import cache_words, money, spend_words
from rlm_jupyter.engine.record.trajectory import Usage
from rlm_jupyter.jupyter.ledger import Ledger
from rlm_jupyter.jupyter.report import run_html

from .scripted import ROOT, SUB, Engine, engine, fence

__all__ = ["engine"]  # the fixture, re-exported for pytest

# case: (options, what the first run's cost says, what the cached re-run's cache line says), as regexes
CASES: dict[str, tuple[dict[str, Any], str, str]] = {
    "local": ({}, re.escape("free (served on this machine)"), re.escape("3 cached calls (free anyway)")),
    "unpriced": ({"local_is_free": False}, re.escape(f"unknown (no price for {ROOT}, {SUB}; give one with prices=)"),
                 re.escape(f"3 cached calls (what they saved is unknown: no price for {ROOT}, {SUB})")),
    "priced": ({"prices": {ROOT: (1e5, 1e5), SUB: (1e5, 1e5)}}, r"\$\d+\.\d\d",
               r"3 cached calls, \$\d+\.\d\d saved by the cache"),
    "partly priced": ({"prices": {ROOT: (1e5, 1e5)}, "local_is_free": False},
                      rf"unknown \(\$\d+\.\d\d for {ROOT}; no price for {SUB}; give one with prices=\)",
                      rf"3 cached calls \(what they saved is unknown: no price for {SUB}\)"),
}


def _run(engine: Engine, cache: Path, options: dict[str, Any]) -> Run:
    return engine.run([fence("a = llm_query('a question')"), "FINAL_VAR(a)"], cache_dir=str(cache), **options)


def _cost_row(run: Run) -> str:
    row = re.search(r"<th[^>]*>cost</th><td[^>]*>(.*?)</td>", run_html(run), re.S)
    assert row is not None
    return re.sub(r"<[^>]+>", "", row.group(1)).replace("&#x27;", "'")


@pytest.mark.parametrize("case", list(CASES))
def test_every_surface_words_the_cost_the_same(engine: Engine, tmp_path: Path, case: str) -> None:
    options, cost, cached = CASES[case]
    first, again = _run(engine, tmp_path, options), _run(engine, tmp_path, options)
    for run in (first, again):
        assert run.status == "final"
    assert re.fullmatch(cost, first.cost_text), first.cost_text
    assert (first.cost_usd is None) == cost.startswith("unknown")
    if case == "local":
        assert first.cost_usd == 0.0  # rlm_run.cost_usd: a number for free, None only when unknown
    # The re-run called nothing: a free model stays free; otherwise nothing was spent, and the cache line says
    # what that saved (or that the saving is unknown).
    assert again.cost_text == (first.cost_text if case == "local" else "$0.00")
    for run in (first, again):
        assert _cost_row(run).startswith(run.cost_text), (_cost_row(run), run.cost_text)  # then where prices came from
    assert re.fullmatch(cached, cache_words(again.usage)), cache_words(again.usage)
    assert cache_words(first.usage) == ""
    ledger = Ledger([first, again])
    text = ledger._repr_mimebundle_()[0]["text/plain"]
    assert text.startswith(f"2 runs in this kernel, cost {ledger.totals['cost']}; {ledger.totals['cache']}")
    assert re.fullmatch(cost, ledger.totals["cost"]) if case != "priced" else ledger.totals["cost"] == first.cost_text
    for run in (first, again):
        assert run.cost_text in text  # the per-run rows say what the run's report says


def test_free_models_add_nothing_to_a_priced_total() -> None:
    free = Usage(calls=2, cost_usd=0.0, cost_sources={"local": 2})
    priced = Usage(calls=1, cost_usd=0.25, cost_sources={"library": 1})
    assert spend_words({"a": free}) == "free (served on this machine)"
    assert spend_words({"a": free, "b": priced}) == money(0.25) == "$0.2500"
    assert spend_words({"r": Usage(calls=1, cost_usd=0.0, cost_sources={"replay": 1})}) \
        == "free (a replay calls no model)"
    assert spend_words({}) == "free (no model calls)"
