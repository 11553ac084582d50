"""Spark as a context, through a real kernel: the scaffold starts no Spark job, and collected data is let go.

The model's code may run Spark jobs (that is the point: aggregate where the
data is). The scaffold must not: describing the frame for the prompt,
sharing the model's lazy results back, rendering the report and recording
the answer must each leave Spark's job counter where it was. Jobs are counted
with Spark's own status tracker for a job group set on the kernel's main
thread, where the scaffold runs. Needs pyspark and Java (the ``scale`` extra;
``.ci/run`` installs Java when it is missing).
"""
from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from rlm_jupyter.engine.dialogue.conversation import Conversation
from rlm_jupyter.testing import FakeLLMServer, Scripted
from rlm_jupyter.testing.kernel import KernelSession

pytest.importorskip("pyspark")
if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
    pytest.skip("pyspark needs Java (apt-get install default-jre-headless)", allow_module_level=True)

SESSION = """
import warnings
warnings.filterwarnings('ignore', message='PySpark does not yet fully support pandas')
import os
os.environ.setdefault('SPARK_LOCAL_IP', '127.0.0.1')  # a local session: loopback only
from pyspark.sql import SparkSession
spark = (SparkSession.builder.master('local[2]').appName('rlm-test-spark').config('spark.ui.enabled', 'false')
         .config('spark.sql.shuffle.partitions', '2').config('spark.driver.memory', '512m')
         .config('spark.ui.showConsoleProgress', 'false').getOrCreate())
spark.sparkContext.setLogLevel('ERROR')
from rlm_jupyter.demo_model.datasets import make_spark_sales
sdf = make_spark_sales(spark, 200_000)
def jobs():
    return len(spark.sparkContext.statusTracker().getJobIdsForGroup('scaffold'))
"""


@pytest.fixture(scope="module")
def spark_kernel(kernel: KernelSession) -> Iterator[KernelSession]:
    kernel.ok(SESSION)
    yield kernel
    kernel.ok("spark.stop()")


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_describing_sharing_and_reporting_start_no_spark_job(spark_kernel: KernelSession, server: FakeLLMServer,
                                                             tmp_path: Path) -> None:
    # The model builds lazy Spark results only (no action), shares them and answers with one of them.
    server.models["root"] = Scripted([
        "```repl\nfrom pyspark.sql import functions as F\n"
        "by_region = sdf.groupBy('region').agg(F.sum('amount').alias('revenue'))\n"
        "print(by_region.columns)\n```",
        "FINAL_VAR(by_region)"])
    spark_kernel.ok("spark.sparkContext.setJobGroup('scaffold', 'the scaffold must start no job')\nbefore = jobs()")
    record = tmp_path / "spark_run.json"
    spark_kernel.ok(f'%rlm sdf "revenue by region?" --model root --share --record {record}')
    assert spark_kernel.value("rlm_run.status, before, jobs()") == "final 0 0"
    assert spark_kernel.value("type(by_region).__name__, type(rlm_answer).__name__") == "DataFrame DataFrame"
    # the description the model read is the schema, with no row count (that would be a job)
    opening = next(r for r in server.requests if r.model == "root").messages
    assert "rows unknown until an action" in Conversation.given(opening)
    assert record.stat().st_size > 0  # recording the run (its answer a Spark frame) ran no job either


def test_the_model_can_aggregate_with_spark_and_bring_back_a_pandas_frame(spark_kernel: KernelSession,
                                                                          server: FakeLLMServer) -> None:
    spark_kernel.ok("%rlm demo")
    try:
        spark_kernel.ok('%rlm sdf "revenue by region: monthly growth and each region\'s best product"')
    finally:
        spark_kernel.ok(f"%config RLMMagics.base_url = {server.base_url!r}\n"
                        "%config RLMMagics.model = 'demo-root'\n%config RLMMagics.sub_model = 'demo-sub'")
    assert spark_kernel.value("rlm_run.status, type(rlm_answer).__name__, len(rlm_answer)") == "final DataFrame 5"
    # toPandas opens a new loopback connection to the JVM on every call: the kernel's own peer, let through
    assert spark_kernel.value("rlm_run.settings['guard'], rlm_run.guard") == "on []"
    expected = ("sdf.groupBy('region').sum('amount').toPandas().set_index('region')['sum(amount)']"
                ".round(2).sort_index()")
    got = "rlm_answer.set_index('region')['revenue'].sort_index()"
    assert spark_kernel.value(f"(({got} - {expected}).abs() < 0.05).all()") == "True"
    assert spark_kernel.value("rlm_answer.note.str.contains('sells best').all()") == "True"


def test_collected_data_is_released_when_the_run_can_no_longer_be_continued(spark_kernel: KernelSession,
                                                                             server: FakeLLMServer) -> None:
    server.models["root"] = Scripted(["```repl\nrows = sdf.limit(50_000).toPandas()\nprint(len(rows))\n```",
                                      "```repl\nFINAL(len(rows))\n```"])
    spark_kernel.ok('%rlm sdf "how many rows can you fetch?" --model root')
    spark_kernel.ok("import gc, weakref, rlm_jupyter\nprobe = weakref.ref(rlm_jupyter.last_run().namespace['rows'])")
    assert spark_kernel.value("rlm_answer, probe() is not None") == "50000 True"  # kept for --continue
    server.models["root"] = Scripted(["```repl\nprint(type(sdf).__name__)\n```", "FINAL('next')"])
    spark_kernel.ok('%rlm sdf "and now?" --model root')  # a new run: the earlier one can no longer be continued
    assert spark_kernel.value("gc.collect() >= 0 and probe() is None") == "True"
