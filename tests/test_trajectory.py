"""The Run record: lossless JSON round-trip, nested child runs, save/load, derived totals."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from rlm_jupyter.engine.record.jsonl import to_jsonl
from rlm_jupyter.engine.record.trajectory import CodeCell, Iteration, Run, SubCall, Usage


def make_run(answer: Any = None, *, depth: int = 0, child: Run | None = None, run_id: str = "r1") -> Run:
    run = Run(id=run_id, question="How many errors?", model="root-m", sub_model="sub-m",
              context_names=["logs"], depth=depth, status="final", message="answered after 2 turn(s)",
              answer=answer, wall_s=1.5, started_at="2026-11-30T12:00:00+00:00", prompt_version="v1",
              settings={"max_iterations": 5, "budget_usd": None},
              root_prompt=[{"role": "system", "content": "s" * 1000}, {"role": "user", "content": "u" * 234}])
    cell = CodeCell(code="print(len(logs))", stdout="10\n", stderr="warn\n", value="3",
                    error=None, outputs=[{"text/html": "<b>x</b>"}], duration_s=0.01)
    failed = CodeCell(code="1/0", error="ZeroDivisionError: division by zero")
    call = SubCall(id=1, kind="rlm" if child else "llm", model="sub-m", prompt="summarize", depth=depth + 1,
                   iteration=0, batch=2, started_s=0.2, response="ok", latency_s=0.3,
                   prompt_tokens=11, completion_tokens=3, cost_usd=None, retries=1, child=child)
    run.iterations = [
        Iteration(index=0, reply="```repl\nprint(len(logs))\n```", started_s=0.0, duration_s=0.5,
                  prompt_tokens=100, completion_tokens=20, cells=[cell, failed], subcalls=[call],
                  feedback="[output]\n10"),
        Iteration(index=1, reply="FINAL(3)", started_s=0.5, prompt_tokens=130, completion_tokens=5),
    ]
    run.usage = {"root-m": Usage(230, 25, 2, 0.5), "sub-m": Usage(11, 3, 1, None)}
    return run


def roundtrip(run: Run) -> Run:
    text = run.to_json()
    json.loads(text)  # valid JSON, no custom objects left
    return Run.from_json(text)


def frame() -> pd.DataFrame:
    return pd.DataFrame({
        "level": ["ERROR", "WARN", "ERROR"],
        "count": pd.array([3, 1, 2], dtype="int64"),
        "share": [0.5, 0.25, 0.25],
        "ok": [False, True, False],
    }, index=pd.Index([10, 20, 30], name="row"))


def test_dataframe_answer_round_trips_with_dtypes() -> None:
    back = roundtrip(make_run(frame())).answer
    assert isinstance(back, pd.DataFrame)
    pd.testing.assert_frame_equal(back, frame())


def test_datetime_column_keeps_its_instants() -> None:
    # pandas' table schema does not record the datetime unit: the instants survive, the unit becomes ns.
    when = pd.to_datetime(["2026-01-01 10:00:00", "2026-01-02 11:30:15"])
    back = roundtrip(make_run(pd.DataFrame({"when": when}))).answer
    assert list(back["when"]) == list(when)
    assert back["when"].dtype.kind == "M"


def test_series_answer_round_trips() -> None:
    series = pd.Series([1.5, 2.5], index=["a", "b"], name="score")
    back = roundtrip(make_run(series)).answer
    assert isinstance(back, pd.Series)
    pd.testing.assert_series_equal(back, series)


@pytest.mark.parametrize("answer", ["forty-two", 42, 3.25, [1, "two", [3]], {"a": [1, 2]}, True, None])
def test_plain_answers_round_trip(answer: Any) -> None:
    back = roundtrip(make_run(answer)).answer
    assert back == answer
    assert type(back) is type(answer)


def test_unserializable_answer_becomes_its_repr() -> None:
    data = make_run({1, 2}).to_dict()
    assert data["answer"] == {"kind": "repr", "value": "{1, 2}", "type": "set"}
    assert Run.from_dict(data).answer == "{1, 2}"


def test_broken_repr_answer_does_not_lose_the_record() -> None:
    class Bad:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    back = roundtrip(make_run(Bad()))
    assert "repr failed" in back.answer
    assert len(back.iterations) == 2


def test_whole_record_round_trips() -> None:
    run = make_run("3")
    back = roundtrip(run)
    assert back == run  # dataclass equality covers every field, cells, sub-calls and usage
    assert back.iterations[0].cells[1].error == "ZeroDivisionError: division by zero"
    assert back.usage["sub-m"].cost_usd is None


def test_nested_child_runs_round_trip() -> None:
    grandchild = make_run("leaf", depth=2, run_id="gc")
    child = make_run(frame(), depth=1, child=grandchild, run_id="c")
    run = make_run("top", child=child)
    back = roundtrip(run)
    back_child = back.iterations[0].subcalls[0].child
    assert back_child is not None and back_child.id == "c" and back_child.depth == 1
    pd.testing.assert_frame_equal(back_child.answer, frame())
    back_grandchild = back_child.iterations[0].subcalls[0].child
    assert back_grandchild is not None and back_grandchild.answer == "leaf"
    assert back_grandchild.iterations[0].subcalls[0].child is None
    assert back.subcalls[0].kind == "rlm"


def test_save_and_load(tmp_path: Path) -> None:
    run = make_run(frame(), child=make_run([1, 2], depth=1, run_id="c"))
    path = tmp_path / "run.json"
    run.save(path)
    assert json.loads(path.read_text(encoding="utf-8"))["id"] == "r1"
    back = Run.load(path)
    pd.testing.assert_frame_equal(back.answer, frame())
    assert back.iterations[0].subcalls[0].child is not None
    assert back.iterations[0].subcalls[0].child.answer == [1, 2]
    assert back.summary() == run.summary()


def test_cost_is_none_when_any_model_is_unpriced() -> None:
    run = make_run()
    assert run.cost_usd is None
    assert run.to_dict()["cost_usd"] is None
    run.usage["sub-m"] = Usage(11, 3, 1, 0.25)
    assert run.cost_usd == pytest.approx(0.75)


def test_usage_add_goes_unknown_after_one_unpriced_call() -> None:
    usage = Usage()
    usage.add(10, 2, 0.1)
    usage.add(5, 1, 0.2)
    assert usage.cost_usd == pytest.approx(0.3) and usage.calls == 2 and usage.total_tokens == 18
    usage.add(1, 1, None)
    usage.add(1, 1, 0.5)
    assert usage.cost_usd is None and usage.calls == 4


def test_summary_and_subcalls() -> None:
    run = make_run()
    assert run.subcalls == [run.iterations[0].subcalls[0]]
    assert run.summary() == "RLM final after 2 iterations, 1 sub-call, 269 tokens"


def test_jsonl_follows_the_reference_visualizer_format(tmp_path: Path) -> None:
    run = make_run(answer="7")
    run.iterations[0].subcalls[0].cell = 0
    path = tmp_path / "run.jsonl"
    to_jsonl(run, path)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    meta, iterations = lines[0], lines[1:]
    assert meta["type"] == "metadata" and meta["root_model"] == "root-m" and meta["max_iterations"] == 5
    assert [it["type"] for it in iterations] == ["iteration"] * len(run.iterations)
    assert [it["iteration"] for it in iterations] == list(range(1, len(run.iterations) + 1))
    first = iterations[0]
    assert first["prompt"][1:] == run.root_prompt  # after the header line the viewer reads the question from
    assert first["response"] == run.iterations[0].reply
    block = first["code_blocks"][0]
    assert block["code"] == "print(len(logs))" and block["result"]["stdout"].startswith("10\n")
    assert block["result"]["rlm_calls"][0]["prompt"] == "summarize"
    assert block["result"]["rlm_calls"][0]["usage_summary"]["model_usage_summaries"]["sub-m"]["total_input_tokens"] == 11
    assert "ZeroDivisionError" in first["code_blocks"][1]["result"]["stderr"]
    assert iterations[-1]["final_answer"] == "7" and all(it["final_answer"] is None for it in iterations[:-1])
    second = iterations[1]["prompt"]  # each turn's prompt is the conversation so far
    assert second[:2] == run.root_prompt and [m["role"] for m in second[2:]] == ["assistant", "user"]
    assert second[3]["content"] == "[output]\n10"
