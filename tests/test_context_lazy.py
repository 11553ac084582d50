"""Lazy and out-of-core contexts are described from their schema and known sizes, never computed.

Each test counts the work the library itself would do (UDF calls, executed Dask tasks, Spark jobs,
files opened) while ``describe`` runs, and requires zero. The old generic fallback (type and repr)
fails them: a DuckDB relation's repr runs its query, a Dask frame after ``set_index`` computes
quantiles just to print its partition count. Each library is optional and skipped when missing.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from rlm_jupyter.engine.run.context import MAX_DESCRIPTION_CHARS, describe, describe_all


def _parquet_dir(root: Path, parts: int = 3, rows: int = 1_000) -> Path:
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    for i in range(parts):
        (root / f"part={i}").mkdir(parents=True)
        pq.write_table(pa.table({"id": np.arange(rows) + i * rows, "service": ["auth", "db"] * (rows // 2)}),
                       root / f"part={i}" / "data.parquet")
    return root


# -- Polars ---------------------------------------------------------------------------------------
def test_polars_lazyframe_is_described_without_collecting() -> None:
    pl = pytest.importorskip("polars")
    batches = []

    def counted(df: Any) -> Any:  # runs once per batch if anything executes the plan
        batches.append(len(df))
        return df

    lf = pl.LazyFrame({"a": np.arange(100_000), "b": ["x", "y"] * 50_000}).map_batches(counted).filter(pl.col("a") > 5)
    d = describe(lf, "lf")
    assert batches == []  # nothing ran
    assert d.startswith("`lf`: polars.LazyFrame (lazy: nothing computed, rows unknown until .collect()), 2 columns")
    assert "columns (dtype): a (Int64), b (String)" in d and "plan (unoptimized):" in d and "FILTER" in d
    lf.collect()
    assert batches  # the counter does count a real run


def test_polars_scan_and_eager_frames(tmp_path: Path) -> None:
    pl = pytest.importorskip("polars")
    root = _parquet_dir(tmp_path)
    d = describe(pl.scan_parquet(root / "*" / "*.parquet"), "scan")
    assert "polars.LazyFrame" in d and "id (Int64)" in d and "SCAN" in d
    df = pl.DataFrame({"n": np.arange(5_000_000), "s": ["v" * 10_000] * 5 + [""] * 4_999_995})
    d = describe(df, "df")
    assert d.startswith("`df`: polars.DataFrame, 5,000,000 rows x 2 columns, ~")
    assert "first 3 rows:" in d and "v" * 40 not in d  # cells are cut
    assert "polars.Series name='n', 5,000,000 values, dtype Int64" in describe(df["n"], "n")


# -- DuckDB ---------------------------------------------------------------------------------------
def test_duckdb_relation_is_described_without_running_its_query() -> None:
    duckdb = pytest.importorskip("duckdb")
    calls = []
    con = duckdb.connect()

    def counted(x: int) -> int:  # a Python UDF: every row the query processes calls it
        calls.append(x)
        return x

    con.create_function("counted", counted, ["BIGINT"], "BIGINT", side_effects=True)
    rel = con.sql("select counted(range) as v, range % 7 as k from range(100000)")
    d = describe(rel, "rel")
    nested = describe({"rel": rel, "other": 1}, "both")
    assert calls == []  # describe ran nothing (repr() alone would have run the query)
    assert d.startswith("`rel`: duckdb.DuckDBPyRelation (lazy: a query that has not run")
    assert "columns (type): v (BIGINT), k (BIGINT)" in d and "SQL: select counted(range)" in d
    assert "'rel': <duckdb.DuckDBPyRelation (lazy)>" in nested
    repr(rel)
    assert calls  # the counter does count a real run
    con.close()


# -- PyArrow --------------------------------------------------------------------------------------
def _counting_filesystem() -> tuple[Any, dict[str, int]]:
    """A local filesystem that counts the files opened through it."""
    fs = pytest.importorskip("pyarrow.fs")
    opened = {"files": 0}

    class Counting(fs.FileSystemHandler):
        def __init__(self) -> None:
            self.local = fs.LocalFileSystem()

        def __eq__(self, other: object) -> bool:
            return self is other

        def __ne__(self, other: object) -> bool:
            return self is not other

        def get_type_name(self) -> str:
            return "counting"

        def normalize_path(self, path: str) -> str:
            return self.local.normalize_path(path)

        def get_file_info(self, paths: Any) -> Any:
            return self.local.get_file_info(paths)

        def get_file_info_selector(self, selector: Any) -> Any:
            return self.local.get_file_info(selector)

        def open_input_file(self, path: str) -> Any:
            opened["files"] += 1
            return self.local.open_input_file(path)

        def open_input_stream(self, path: str) -> Any:
            opened["files"] += 1
            return self.local.open_input_stream(path)

        def create_dir(self, path: str, recursive: bool) -> None: ...
        def delete_dir(self, path: str) -> None: ...
        def delete_dir_contents(self, path: str, missing_dir_ok: bool = False) -> None: ...
        def delete_root_dir_contents(self) -> None: ...
        def delete_file(self, path: str) -> None: ...
        def move(self, src: str, dest: str) -> None: ...
        def copy_file(self, src: str, dest: str) -> None: ...
        def open_output_stream(self, path: str, metadata: Any) -> Any: ...
        def open_append_stream(self, path: str, metadata: Any) -> Any: ...

    return fs.PyFileSystem(Counting()), opened


def test_pyarrow_dataset_is_described_without_opening_a_file(tmp_path: Path) -> None:
    ds = pytest.importorskip("pyarrow.dataset")
    root = _parquet_dir(tmp_path, parts=4)
    filesystem, opened = _counting_filesystem()
    dataset = ds.dataset(str(root), filesystem=filesystem, format="parquet", partitioning="hive")
    opened["files"] = 0  # discovery may read one footer for the schema; describing must read nothing
    d = describe(dataset, "logs")
    assert opened["files"] == 0
    assert d.startswith("`logs`: pyarrow.dataset.FileSystemDataset (out of core: no file read, rows unknown until "
                        "scanned), 4 files of parquet")
    assert "columns (type): id (int64), service (string), part (int32)" in d and "partitioned by: part (int32)" in d
    dataset.count_rows()
    assert opened["files"] > 0  # the counter does count a real scan


def test_pyarrow_table_describes_three_rows_and_allocates_nothing() -> None:
    pa = pytest.importorskip("pyarrow")
    table = pa.table({"n": np.arange(5_000_000), "s": pa.array(["x" * 50] * 5_000_000)})
    before = pa.total_allocated_bytes()
    d = describe(table, "t")
    assert pa.total_allocated_bytes() == before  # no copy, no cast, no compute kernel ran
    assert d.startswith("`t`: pyarrow.Table, 5,000,000 rows x 2 columns, ")
    assert "columns (type): n (int64), s (string)" in d and "first 3 rows:" in d
    assert "pyarrow.ChunkedArray, 5,000,000 values, type int64" in describe(table["n"], "n")


# -- Dask -----------------------------------------------------------------------------------------
@pytest.fixture
def dask_tasks() -> Iterator[list[str]]:
    """Keys of every Dask task executed while the fixture is active (local schedulers)."""
    pytest.importorskip("dask.dataframe")
    import dask
    from dask.callbacks import Callback

    executed: list[str] = []
    scheduled: list[int] = []

    def counting_get(dsk: Any, keys: Any, **kwargs: Any) -> Any:
        scheduled.append(1)
        return dask.get(dsk, keys, **kwargs)

    with dask.config.set(scheduler=counting_get), Callback(pretask=lambda key, dsk, state: executed.append(key)):
        yield executed
    assert len(scheduled) >= (1 if executed else 0)


def test_dask_dataframes_are_described_without_running_tasks(dask_tasks: list[str], tmp_path: Path) -> None:
    import dask.dataframe as dd

    pdf = pd.DataFrame({"x": np.arange(10_000), "y": np.arange(10_000) % 7, "s": ["a", "b"] * 5_000})
    frame = dd.from_pandas(pdf, npartitions=4)
    indexed = frame.set_index("y")  # its partition count needs divisions: Dask would compute quantiles
    parquet = dd.read_parquet(_parquet_dir(tmp_path / "pq"))
    described = {name: describe(obj, name) for name, obj in
                 {"frame": frame, "indexed": indexed, "sorted": frame.sort_values("x"), "parquet": parquet,
                  "column": frame.x, "agg": frame.groupby("y").x.sum()}.items()}
    assert dask_tasks == []  # not one task ran
    assert described["frame"].startswith("`frame`: dask.dataframe.DataFrame (lazy: nothing computed, rows unknown "
                                         "until computed), 4 partitions, 3 columns")
    assert "x (int64), y (int64)" in described["frame"] and "divisions from 0 to 9999" in described["frame"]
    assert "partitions unknown without computing" in described["indexed"]
    assert "graph: SetIndex <- FromPandas" in described["indexed"]
    assert "partitions unknown without computing" in described["sorted"]
    assert "3 partitions" in described["parquet"] and "service (" in described["parquet"]
    assert "dask.dataframe.Series" in described["column"] and "name='x', dtype int64" in described["column"]
    assert "computes on: the local scheduler" in described["frame"]
    assert indexed.npartitions and dask_tasks  # the counter does count a real computation


def test_dask_bag_and_array(dask_tasks: list[str]) -> None:
    import dask.array as da
    import dask.bag as db

    bag = db.from_sequence(range(1_000), npartitions=5).map(lambda x: x * 2).filter(lambda x: x % 3)
    d = describe(bag, "bag")
    a = describe(da.ones((20_000, 20_000), chunks=(1_000, 1_000)), "grid")
    assert dask_tasks == []
    assert d.startswith("`bag`: dask.bag.Bag (lazy: nothing computed, items unknown until computed), 5 partitions")
    assert a.startswith("`grid`: dask.array.Array (lazy), shape (20000, 20000), dtype float64, 3.0 GB when computed, "
                        "chunks (1000, 1000) x 400 blocks")
    bag.count().compute()
    assert dask_tasks


def test_dask_on_a_distributed_cluster_runs_no_task() -> None:
    pytest.importorskip("distributed")
    import dask.dataframe as dd
    from distributed import Client, get_task_stream

    frame = dd.from_pandas(pd.DataFrame({"x": np.arange(1_000), "y": np.arange(1_000) % 5}), npartitions=4)
    with Client(processes=False, n_workers=1, threads_per_worker=1, dashboard_address=None) as client:
        indexed = frame.set_index("y")
        with get_task_stream(client) as tasks:
            d = describe(indexed, "indexed")
        assert tasks.data == []
        assert "computes on: the dask.distributed cluster of the default Client" in d
        assert "partitions unknown without computing" in d
        with get_task_stream(client) as tasks:
            assert indexed.npartitions
        assert tasks.data  # the task stream does see a real computation


def test_a_computation_on_another_thread_is_not_refused_while_describing() -> None:
    """The describe-time scheduler refuses work on the describing thread only."""
    pytest.importorskip("dask.dataframe")
    import dask.dataframe as dd

    from rlm_jupyter.engine.run import context

    frame = dd.from_pandas(pd.DataFrame({"x": np.arange(100)}), npartitions=2)
    results: list[int] = []
    with context._dask_refuses_to_compute():
        worker = threading.Thread(target=lambda: results.append(int(frame.x.sum().compute())))
        worker.start()
        worker.join()
        with pytest.raises(context._WouldCompute):
            frame.x.sum().compute()
    assert results == [4950]


# -- Spark ----------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def spark() -> Iterator[Any]:
    pytest.importorskip("pyspark")
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        pytest.skip("pyspark needs Java")
    import warnings

    with warnings.catch_warnings():  # pyspark warns that it does not fully support pandas 3 yet
        warnings.simplefilter("ignore", FutureWarning)
        from pyspark.sql import SparkSession

        os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")  # a local session: loopback only

        session = (SparkSession.builder.master("local[1]").appName("rlm-describe")
                   .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2")
                   .config("spark.driver.memory", "512m").getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


@pytest.mark.filterwarnings("ignore:PySpark does not yet fully support pandas:FutureWarning")
def test_spark_dataframe_is_described_without_a_job(spark: Any) -> None:
    sc = spark.sparkContext
    sc.setJobGroup("rlm-describe", "describe() must start no Spark job")
    frame = spark.range(0, 100_000).selectExpr("id", "id % 7 as k", "cast(id as string) as s")
    grouped = frame.groupBy("k").count().orderBy("count")
    d, g = describe(frame, "sdf"), describe(grouped, "grouped")
    assert list(sc.statusTracker().getJobIdsForGroup("rlm-describe")) == []
    assert d.startswith("`sdf`: pyspark.sql.DataFrame (lazy: no Spark job run, rows unknown until an action), "
                        "3 columns")
    assert "columns (type): id (bigint), k (bigint), s (string)" in d
    assert "columns (type): k (bigint), count (bigint)" in g
    spark.range(3).count()
    assert list(sc.statusTracker().getJobIdsForGroup("rlm-describe"))  # the tracker does see a real job
    sc.setJobGroup("other", "")


# -- fallbacks ------------------------------------------------------------------------------------
def _look_alike(module: str, name: str) -> type:
    """A class that only looks like a lazy type: running it in any way fails the test."""

    def forbidden(self: object, *args: object, **kwargs: object) -> None:
        raise AssertionError(f"describe ran {name}")

    attrs = {name: forbidden for name in ("collect", "compute", "execute", "count", "fetchall", "head", "to_table",
                                          "collect_schema", "__len__", "__iter__", "__getitem__")}
    attrs["__repr__"] = lambda self: f"<{name} plan: " + "scan -> filter -> " * 200 + ">"
    attrs["__module__"] = module
    return type(name, (), attrs)


@pytest.mark.parametrize("module, name", [("polars.lazyframe.frame", "LazyFrame"), ("duckdb", "DuckDBPyRelation"),
                                          ("dask.dataframe.core", "DataFrame"), ("pyspark.sql.dataframe", "DataFrame"),
                                          ("pyarrow._dataset", "FileSystemDataset")])
def test_a_look_alike_falls_back_to_type_and_repr_prefix(module: str, name: str) -> None:
    obj = _look_alike(module, name)()
    d = describe(obj, "thing")
    assert d.startswith(f"`thing`: {module}.{name}, repr: <{name} plan: scan -> filter")
    assert len(d) < 400 and "(lazy" not in d and "columns" not in d


def test_describing_never_imports_an_optional_library() -> None:
    code = (
        "import sys, types; from rlm_jupyter.engine.run.context import describe\n"
        "fake = type('LazyFrame', (), {'__module__': 'polars.lazyframe.frame', '__repr__': lambda s: '<lf>'})\n"
        "print(describe(fake(), 'lf')); describe('x' * 1000, 's'); describe({'a': [1]}, 'd')\n"
        "bad = [m for m in ('polars', 'duckdb', 'pyarrow', 'dask', 'distributed', 'pyspark') if m in sys.modules]\n"
        "assert not bad, bad"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parents[1]).stdout
    assert out.strip() == "`lf`: polars.lazyframe.frame.LazyFrame, repr: <lf>"


def test_lazy_descriptions_stay_within_the_cap() -> None:
    pl = pytest.importorskip("polars")
    wide = pl.LazyFrame({f"column_{i}_{'x' * 40}": [1] for i in range(300)})
    for _ in range(30):
        wide = wide.with_columns(pl.col("column_0_" + "x" * 40) + 1)
    d = describe(wide, "wide")
    assert len(d) <= MAX_DESCRIPTION_CHARS and "more lines" in d and "work on it lazily" in d and "and 2" in d
    assert "`wide`" in describe_all({"wide": wide, "n": 1})
