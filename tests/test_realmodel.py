"""Opt-in: one short question end to end through a real kernel and a real LLM (``--realmodel``).

Why: the bundled scripted server proves the plumbing but answers the same whatever the prompt says; only a
real model shows that the prompt, the parser and the magic carry a run to its end. The model may fail the
question (a 1.5B model often does), so the test asserts what must hold for any run: it ends, its record is
complete, and an answer it reports as final is the truth computed here from the same data.

    ../shared/realmodel/serve.sh 8777 &
    RLM_REALMODEL_URL=http://127.0.0.1:8777/v1 .venv/bin/python -m pytest tests/test_realmodel.py --realmodel

A root turn on the local CPU model takes 20-90 s, so the limits are generous. Kept out of CI: without
``--realmodel`` (``scripts/test`` and ``.ci/run`` never pass it) every test here is skipped.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from rlm_jupyter.testing.kernel import KernelSession

from .conftest import RealModel

pytestmark = [pytest.mark.realmodel, pytest.mark.kernel]
QUESTION = "Which region has the largest total amount? Answer with the region name only."
RUN_TIMEOUT_S = 900  # --timeout of the run: 4 turns, a forced last reply and sub-calls at up to 90 s each
MAX_TOKENS = 400  # per call, as in `python -m benchmarks --real`


def _orders() -> pd.DataFrame:
    """Seeded, with one region clearly ahead so the truth is unique."""
    rng = np.random.default_rng(13)
    regions = rng.choice(["north", "south", "east", "west"], size=60)
    amounts = rng.integers(10, 100, size=60) + np.where(regions == "east", 40, 0)
    return pd.DataFrame({"region": regions, "amount": amounts})


@pytest.mark.timeout(RUN_TIMEOUT_S + 300)
def test_a_group_by_question_runs_to_a_complete_record(realmodel: RealModel, tmp_path: Path) -> None:
    orders = _orders()
    totals = orders.groupby("region")["amount"].sum().sort_values(ascending=False)
    assert totals.iloc[0] > totals.iloc[1]
    truth = str(totals.index[0])
    session = KernelSession(realmodel.base_url, RLM_CACHE_DIR=str(tmp_path / "cache"))
    try:
        cap = json.dumps({"max_tokens": MAX_TOKENS})
        session.ok("%load_ext rlm_jupyter\n%config RLMMagics.cache = False\n"
                   f"%config RLMMagics.params = {cap}\n%config RLMMagics.sub_params = {cap}")
        session.ok(f"import pandas as pd\ndf = pd.DataFrame({orders.to_dict(orient='list')!r})")
        done = session.execute(f'%rlm df "{QUESTION}" --model {realmodel.model} --sub-model {realmodel.model} '
                               f"--max-iterations 4 --timeout {RUN_TIMEOUT_S} --quiet", timeout=RUN_TIMEOUT_S + 120)
        assert done.failure is None, done.failure
        record = json.loads(session.value("rlm_run.to_json()"))
        answer = session.value("rlm_answer if rlm_run.status == 'final' else None")
    finally:
        session.close()
    from rlm_jupyter.engine.dialogue.prompts import PROMPT_VERSION

    assert record["status"] not in ("running", ""), record["status"]
    assert record["iterations"] and all(it["reply"] is not None for it in record["iterations"])
    assert record["prompt_version"] == PROMPT_VERSION and record["model"] == realmodel.model
    if record["status"] == "final":
        assert answer.strip().strip("'\".").lower() == truth, (answer, truth, record["message"])
