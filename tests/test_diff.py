"""``answer_diff``: replayed answers compared with recorded ones, without a kernel."""
from __future__ import annotations

import math

import pandas as pd
import pytest

from rlm_jupyter.engine.record.diff import MAX_CELLS_SHOWN, answer_diff
from rlm_jupyter.engine.record.trajectory import Run


@pytest.mark.parametrize("recorded, current", [
    (42, 42),
    ("text", "text"),
    (0.1 + 0.2, 0.3),  # within rel_tol 1e-9
    (math.nan, math.nan),  # a NaN equals a NaN here, unlike ==
    ([1, [2.0, math.nan]], (1, [2.0, math.nan])),  # list and tuple compare by items (JSON turns tuples into lists)
    ({"a": 1}, {"a": 1}),
    (None, None),
])
def test_equal_answers_have_no_diff(recorded: object, current: object) -> None:
    assert answer_diff(recorded, current) is None


@pytest.mark.parametrize("recorded, current", [
    (42, 43),
    ("text", "Text"),
    (0.3, 0.3001),
    ([1, 2], [1, 2, 3]),
    ({"a": 1}, {"a": 2}),
    (None, 0),
])
def test_changed_answers_say_what_was_recorded_and_what_is_now(recorded: object, current: object) -> None:
    diff = answer_diff(recorded, current)
    assert diff is not None and diff.startswith("answer changed: recorded ")
    assert f"now {current!r}"[:20] in diff


def test_long_values_are_abbreviated() -> None:
    diff = answer_diff("x" * 10_000, "y" * 10_000)
    assert diff is not None and len(diff) < 200


def test_objects_whose_eq_raises_compare_by_repr() -> None:
    class Weird:
        def __init__(self, tag: str) -> None:
            self.tag = tag

        def __eq__(self, other: object) -> bool:
            raise TypeError("no comparisons")

        def __repr__(self) -> str:
            return f"Weird({self.tag})"

        __hash__ = object.__hash__

    assert answer_diff(Weird("a"), Weird("a")) is None
    assert "Weird(b)" in (answer_diff(Weird("a"), Weird("b")) or "")


# -- DataFrames -------------------------------------------------------------------------------------------------
def frame() -> pd.DataFrame:
    return pd.DataFrame({"amount": [5.0, 7.0, 3.0], "n": [2, 2, 1]}, index=pd.Index(["a", "b", "c"], name="region"))


def test_a_frame_through_json_equals_the_original() -> None:
    original = pd.DataFrame({"amount": [1.5, 2.5]}, index=[10, 20])  # int labels come back as text from JSON
    back = pd.DataFrame({"amount": [1.5, 2.5]}, index=["10", "20"])
    assert answer_diff(back, original) is None
    run = Run(id="r", question="q", model="m", sub_model="m", answer=frame())
    assert answer_diff(Run.from_json(run.to_json()).answer, frame()) is None  # a real round trip


def test_changed_cells_are_named_with_plain_values() -> None:
    now = frame()
    now.loc["a", "amount"] = 14.0
    assert answer_diff(frame(), now) == "1 cell(s) changed:\n  [a, amount]: 5.0 -> 14.0"


def test_missing_values_in_the_same_cell_are_the_same() -> None:
    old, new = frame(), frame()
    old.loc["b", "amount"] = new.loc["b", "amount"] = math.nan
    assert answer_diff(old, new) is None


def test_shape_and_column_changes_are_reported() -> None:
    now = frame().drop(columns="n").assign(share=[0.5, 0.3, 0.2])
    now.loc["d"] = [1.0, 0.0]
    diff = answer_diff(frame(), now)
    assert diff is not None
    lines = diff.splitlines()
    assert lines[0] == "shape changed: 3 x 2 -> 4 x 2"
    assert lines[1] == "columns added ['share'], removed ['n']"
    assert len(lines) == 2  # the common cells are unchanged


def test_many_changed_cells_are_capped() -> None:
    old = pd.DataFrame({"v": range(50)})
    new = pd.DataFrame({"v": range(100, 150)})
    diff = answer_diff(old, new)
    assert diff is not None
    lines = diff.splitlines()
    assert lines[0] == "50 cell(s) changed:"
    assert len(lines) == 1 + MAX_CELLS_SHOWN + 1 and lines[-1] == f"  ... and {50 - MAX_CELLS_SHOWN} more"


def test_a_series_compares_as_a_one_column_frame() -> None:
    series = pd.Series([1, 2], index=["x", "y"], name="count")
    assert answer_diff(series.to_frame(), series) is None
    assert answer_diff(series, series.to_frame()) is None
    assert "[y, count]: 2 -> 3" in (answer_diff(series, pd.Series([1, 3], index=["x", "y"], name="count")) or "")


def test_a_frame_replacing_another_type_is_a_type_change() -> None:
    assert answer_diff("a table", frame()) == "answer changed type: recorded str, now DataFrame (3, 2)"


def test_a_frame_replaced_by_text_is_a_change() -> None:
    diff = answer_diff(frame(), "gone")
    assert diff is not None and diff.startswith("answer changed: recorded ") and "'gone'" in diff


def test_a_frame_with_repeated_row_labels_can_be_compared() -> None:
    old = pd.DataFrame({"v": [1, 2]}, index=["x", "x"])  # e.g. pd.concat of two frames without ignore_index
    assert answer_diff(old, old.copy()) is None
    diff = answer_diff(old, old.assign(v=[1, 3]))
    assert diff is not None and "[x#2, v]: 2 -> 3" in diff
