"""Tests for rlm_jupyter.engine.run.context: the constant-size metadata the root model sees."""

from __future__ import annotations

import collections
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from rlm_jupyter.engine.run.context import MAX_DESCRIPTION_CHARS, MAX_VARIABLES, describe, describe_all


class Hostile:
    """Every dunder the describer might be tempted to call raises."""

    def _boom(self, *args, **kwargs):
        raise RuntimeError("boom")

    __repr__ = __str__ = __copy__ = __deepcopy__ = __reduce__ = __reduce_ex__ = _boom
    __len__ = __iter__ = __bool__ = __getitem__ = __format__ = __hash__ = __eq__ = _boom


class LazyFrame:
    """len() would trigger a (here: forbidden) full computation."""

    def __len__(self) -> int:
        raise AssertionError("describe must not call len() on arbitrary objects")

    def __repr__(self) -> str:
        return "<LazyFrame plan>"


def test_engine_does_not_import_pandas_numpy_or_ipython() -> None:
    code = (
        "import sys; import rlm_jupyter.engine.run.context as c; c.describe('x' * 10, 's');"
        "c.describe({'a': [1, 2]}, 'd');"
        "bad = [m for m in ('pandas', 'numpy', 'IPython', 'ipywidgets') if m in sys.modules];"
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[1])


def test_str_facts_prefix_suffix_and_hint() -> None:
    text = "id,name,amount\n" + "".join(f"{i},name{i},{i * 1.5}\n" for i in range(1000))
    d = describe(text, "doc")
    assert d.startswith("`doc`: str, ")
    assert f"{len(text):,} chars" in d and "1,001 lines" in d
    assert "looks like CSV" in d
    assert repr(text[:300]) in d and repr(text[-100:]) in d
    assert "name500" not in d  # the middle is not shown


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ('{"a": 1, "b": [1, 2, 3]}', "JSON"),
        ('{"a": 1}\n{"a": 2}\n{"a": 3}\n', "JSON Lines"),
        ("2024-01-01 10:00:00 INFO start\n2024-01-01 10:00:01 ERROR oops\n", "log lines"),
        ("a\tb\tc\n1\t2\t3\n", "TSV"),
        # one comma in each line's date, more pipes: the separator is the pipe (a real small model read "CSV"
        # and called pd.read_csv on a file of that name)
        ("Date: May 18, 2023 || User: 7 || Instance: Who?\nDate: Jun 1, 2023 || User: 8 || Instance: Why?\n",
         "pipe-separated"),
        ("a,b,c\n1,2,3\n", "CSV"),
        ("<html><body>hi</body></html>", "XML/HTML"),
        ("Call me Ishmael. Some years ago.", "plain text"),
    ],
)
def test_str_kind_hint(text: str, kind: str) -> None:
    assert f"looks like {kind}\n" in describe(text, "s")


def test_short_str_shown_whole() -> None:
    d = describe("hello\nworld", "s")
    assert "11 chars" in d and "2 lines" in d and "'hello\\nworld'" in d


def test_str_description_is_constant_size() -> None:
    unit = "The quick brown fox jumps over the lazy dog.\n" * 2 + "0123456789" * 1  # 100 chars
    small, big = unit * 100, unit * 400_000  # 10K vs 40M chars
    assert len(small) == 10_000 and len(big) == 40_000_000
    d_small, d_big = describe(small, "s"), describe(big, "s")
    assert len(d_big) - len(d_small) <= 10  # only the digits of the numbers differ
    assert "40,000,000 chars" in d_big and "800,001 lines" in d_big


def test_bytes_like() -> None:
    d = describe(b"\x00\x01abc" * 1000, "blob")
    assert "bytes, 5,000 bytes" in d and "b'\\x00\\x01abc" in d and len(d) < 700
    assert "bytearray, 3 bytes" in describe(bytearray(b"xyz"), "ba")
    assert "memoryview, 4 bytes" in describe(memoryview(b"abcd"), "mv")


def test_list_types_and_first_items() -> None:
    data = ["alpha", "beta", "gamma", 4, 5.0] + ["x"] * 1_000_000
    d = describe(data, "items")
    assert "list, 1,000,005 items" in d
    assert "str x 8, int x 1, float x 1" in d
    assert "[0] 'alpha'" in d and "[2] 'gamma'" in d and "[3]" not in d


def test_nested_depth_limit_and_item_cap() -> None:
    d = describe([[["deep"] * 5], "y" * 10_000], "nested")
    assert "<list of 5 items>" in d and "deep" not in d  # depth 2 stops recursion
    assert "(10,000 chars)" in d
    assert all(len(line) <= 160 for line in d.splitlines())


@pytest.mark.parametrize("container", [set(range(100)), frozenset("abcdef"), collections.deque(range(50)), (1, 2)])
def test_other_collections(container: object) -> None:
    d = describe(container, "c")
    assert f"{type(container).__name__}, {len(container):,} items" in d  # type: ignore[arg-type]


def test_dict_keys_value_types_items() -> None:
    mapping = {f"key{i}": (list(range(i)) if i % 2 else "v" * 1000) for i in range(500)}
    d = describe(mapping, "m")
    assert "dict, 500 keys" in d
    assert "'key9'" in d and "'key10'" not in d  # only the first 10 keys
    assert "str x 5, list x 5" in d
    assert "'key0': 'vvv" in d and "(1,000 chars)" in d


def test_dataframe() -> None:
    n = 50_000
    df = pd.DataFrame(
        {
            "order_id": np.arange(n),
            "amount": np.linspace(0, 1, n),
            "when": pd.date_range("2024-01-01", periods=n, freq="min"),
            "status": np.array(["shipped", "pending"] * (n // 2), dtype=object),
            "blob": ["z" * 10_000] * n,
        }
    )
    d = describe(df, "df_orders")
    assert d.startswith("`df_orders`: pandas.DataFrame, 50,000 rows x 5 columns")
    assert "(shallow)" in d and "MB" in d and "RangeIndex" in d
    assert "order_id (int64)" in d and "amount (float64)" in d and "when (datetime64" in d
    assert "first 3 rows:" in d and "shipped" in d and "pending" in d
    assert "z" * 40 not in d  # cells are cut


def test_wide_dataframe_caps_columns() -> None:
    df = pd.DataFrame(np.zeros((5, 300)), columns=[f"c{i}" for i in range(300)])
    d = describe(df, "wide")
    assert "c39 (float64)" in d and "c40 (float64)" not in d and "and 260 more" in d
    assert "and 288 more columns" in d
    assert len(d) <= MAX_DESCRIPTION_CHARS


def test_series_index_ndarray() -> None:
    s = pd.Series(np.arange(1000) * 2, name="doubled")
    d = describe(s, "s")
    assert "pandas.Series name='doubled', 1,000 values, dtype int64" in d and "2: 4" in d
    assert "1,000 entries" in describe(s.index, "ix")
    arr = np.arange(12.0).reshape(3, 4)
    d = describe(arr, "arr")
    assert "numpy.ndarray, shape (3, 4), dtype float64, 96 B" in d and "[0.0, 1.0, 2.0, 3.0, 4.0]" in d


def test_scalars_and_callables() -> None:
    assert describe(42, "n") == "`n`: int = 42"
    assert describe(True, "b") == "`b`: bool = True"
    assert describe(None, "z") == "`z`: NoneType = None"
    assert "digits" in describe(10**10_000, "huge")  # int->str limit must not raise
    d = describe(describe_all, "f")
    assert "function" in d and "describe_all(context" in d
    assert "module json" in describe(__import__("json"), "m")
    assert "class collections.OrderedDict" in describe(collections.OrderedDict, "k")


def test_hostile_object_is_still_described() -> None:
    d = describe(Hostile(), "h")
    assert d.startswith("`h`: ") and "Hostile" in d and "repr failed: RuntimeError>" in d
    d = describe([Hostile(), 1], "lst")
    assert "Hostile" in d and "list, 2 items" in d
    assert "Hostile" in describe({"k": Hostile()}, "m")


def test_generic_object_does_not_call_len_and_caps_repr() -> None:
    d = describe(LazyFrame(), "lf")
    assert "LazyFrame" in d and "<LazyFrame plan>" in d

    class Loud:
        def __repr__(self) -> str:
            return "L" * 100_000

    d = describe(Loud(), "loud")
    assert "Loud" in d and len(d) < 500


def test_hard_cap() -> None:
    class Long:
        def __repr__(self) -> str:
            return "line\n" * 100_000

    df = pd.DataFrame({f"col_{i}_{'x' * 30}": [1] for i in range(100)})
    for obj in (Long(), df, {("k" * 30, i): "v" * 50 for i in range(100)}):
        assert len(describe(obj, "x" * 500)) <= MAX_DESCRIPTION_CHARS
    assert describe(df, "df").endswith("[description truncated]")


def test_describe_all_caps_variables() -> None:
    ctx = {f"v{i}": i for i in range(MAX_VARIABLES + 5)}
    out = describe_all(ctx)
    assert "`v0`: int = 0" in out and f"`v{MAX_VARIABLES - 1}`" in out
    assert f"`v{MAX_VARIABLES}`" not in out
    assert "and 5 more variables not described: v20, v21" in out
    assert describe_all({}) == "(no context variables)"


def test_speed_on_big_inputs() -> None:
    big_text = "2024-01-01 10:00:00 INFO request handled in 12ms.\n" * 800_000  # 40M chars
    assert len(big_text) == 40_000_000
    n = 5_000_000
    df = pd.DataFrame({"a": np.arange(n), "b": np.random.default_rng(0).random(n), "c": np.arange(n) % 7})
    for obj in (big_text, df):
        start = time.perf_counter()
        describe(obj, "big")
        assert time.perf_counter() - start < 2.0


def test_dataframe_memory_is_shallow() -> None:
    """deep=True would walk every Python string (O(n)) and report ~100 MB here."""
    # an object column (with pyarrow installed, pandas would store plain strings as Arrow, which knows its size)
    df = pd.DataFrame({"s": pd.Series(["x" * 1000] * 100_000, dtype=object)})
    header = describe(df, "df").splitlines()[0]
    assert "KB (shallow)" in header, header
