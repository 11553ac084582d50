"""Writes the example notebooks' cells (sources only); ``python -m rlm_jupyter.demo --refresh-notebooks`` executes them.

Why a script: the notebooks are documentation that must stay true to the
code, so their sources are generated from one place and their outputs are
produced by actually running them (and validated by nbval in CI).
"""
from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).parent
# reload_ext, not load_ext: the "Python 3 (RLM)" kernel has already loaded it, and load_ext would say so
SETUP = "%reload_ext rlm_jupyter\n%rlm demo"


def intro(title: str, text: str) -> nbformat.NotebookNode:
    return new_markdown_cell(
        f"# {title}\n\n{text}\n\n"
        "**Model.** The saved outputs were produced by the **bundled scripted demo model** (`%rlm demo`): "
        "a deterministic stand-in served inside the kernel, which writes the code a real model would and "
        "computes every number from the data. It needs no network and no API key.\n\n"
        "**A real model.** Delete the `%rlm demo` line (or run `%rlm demo off`) and set `OPENAI_API_KEY` (OpenAI), "
        "or point at any "
        "OpenAI-compatible server with `%config RLMMagics.base_url = \"http://localhost:11434/v1\"`, then choose "
        "the model with `%config RLMMagics.model = \"gpt-5-mini\"`.")


def quickstart() -> nbformat.NotebookNode:
    return new_notebook(cells=[
        intro("Quickstart: cohort retention with %%rlm",
              "Your DataFrame stays in the kernel. The root model sees only a description of it and writes "
              "pandas code that runs here, in hidden cells; the live panel shows every step, and the saved "
              "notebook keeps the whole trail as a static report."),
        new_code_cell(SETUP),
        new_code_cell("import pandas as pd\nfrom rlm_jupyter.demo_model.datasets import make_orders\n\n"
                      "df_orders = make_orders(60_000, customers=6_000)\ndf_orders.head()"),
        new_markdown_cell("Ask a question about it. The answer comes back as a real DataFrame in `rlm_answer`, "
                          "and the full record in `rlm_run`."),
        new_code_cell('%%rlm df_orders "cohort retention by month"'),
        new_markdown_cell("Empty cells are months a cohort has not reached yet, because the data ends first: unknown, "
                          "not 0% (the answer says so in `rlm_answer.attrs['empty_cells']`). As percentages:"),
        new_code_cell("retention = rlm_answer\n"
                      "retention.iloc[:8, :8].map(lambda share: '' if pd.isna(share) else f'{share:.0%}')"),
        new_code_cell("import matplotlib.pyplot as plt\n\n"
                      "ax = retention.iloc[:6, :8].T.plot(marker='o', figsize=(8, 4), title='Monthly cohort retention')\n"
                      "ax.set_xlabel('months since first order')\nax.set_ylabel('share of cohort ordering')\nplt.show()"),
        new_markdown_cell("The run is an audit trail: `rlm_run` has every iteration, code block, output and "
                          "sub-call. `%rlm export` turns it back into code, `--replay` re-runs it on new data "
                          "without a model, and `%rlm cost` shows what the session spent."),
        new_code_cell("print(rlm_run.summary())\nfor it in rlm_run.iterations:\n"
                      "    print(f'iteration {it.index + 1}: {len(it.cells)} code block(s), {len(it.subcalls)} sub-call(s)')"),
    ])


def log_errors() -> nbformat.NotebookNode:
    return new_notebook(cells=[
        intro("Error patterns in a 50 MB JSON log",
              "A day of service events (about 2.8 million) as one JSON string, with three patterns planted in "
              "it: an error spike, a deploy followed by a burst of 503s, and latency rising all day. Nobody can "
              "read 50 MB; the model doesn't either. It writes code that does."),
        new_code_cell(SETUP),
        new_code_cell("from rlm_jupyter.demo_model.datasets import make_event_log\n\n"
                      "generated = make_event_log(2_800_000)\nlogs = generated.text\n"
                      "print(f'{len(logs) / 1e6:.1f} MB of JSON, {generated.events:,} events')"),
        new_code_cell('%%rlm logs "find the error patterns by service"'),
        new_code_cell("rlm_answer[['service', 'pattern', 'start_minute', 'detail']]"),
        new_markdown_cell("Did it find what was planted? (The generator knows; the model never saw this.)"),
        new_code_cell("found = set(zip(rlm_answer.service, rlm_answer.pattern))\n"
                      "planted = {(p['service'], name) for name, p in generated.planted.items()}\n"
                      "print('planted:', sorted(planted))\nprint('all found:', planted <= found)"),
    ])


def long_document() -> nbformat.NotebookNode:
    return new_notebook(cells=[
        intro("One needle in a 10-million-token document",
              "A 40-million-character string (about 10 million tokens, far beyond any context window) with one "
              "needle and a few distractors. The root prompt does not grow with the document: it holds a "
              "description of the variable, not the variable."),
        new_code_cell(SETUP),
        new_code_cell("from rlm_jupyter.demo_model.datasets import make_haystack\n\n"
                      "hay = make_haystack(40_000_000, seed=1)\ndocument = hay.text\n"
                      "print(f'{len(document):,} characters, about {len(document) // 4:,} tokens; the key is {hay.key}')"),
        new_code_cell('%%rlm document "What is the special magic number for {key}?"'),
        new_code_cell("print('answer:', rlm_answer, '| correct:', rlm_answer == hay.value)\n"
                      "first = rlm_run.iterations[0]\n"
                      "print(f'root prompt: {rlm_run.root_prompt_chars:,} characters, {first.prompt_tokens:,} tokens '\n"
                      "      f'for a document of about {len(document) // 4:,} tokens')"),
    ])


def spark_sales() -> nbformat.NotebookNode:
    return new_notebook(cells=[
        intro("Sales in Spark: aggregate where the data is",
              "Three million orders live in a Spark DataFrame, generated in Spark itself. The kernel is only "
              "the driver: the root model sees the frame's schema (describing it starts no Spark job), writes "
              "PySpark that aggregates on the executors (`groupBy().agg()`, a window function), brings back "
              "only the small aggregates with `toPandas()`, and fans out one sub-call per region. The same "
              "code runs on a cluster, on Databricks (where `spark` already exists) or through Spark Connect."),
        new_code_cell(SETUP),
        new_code_cell("# NBVAL_IGNORE_OUTPUT\n# (the JVM's start-up log, with timestamps, goes to this cell's stderr)\n"
                      "import os\nimport warnings\n\n"
                      "from pyspark.sql import SparkSession\n\n"
                      "os.environ.setdefault('SPARK_LOCAL_IP', '127.0.0.1')  # a local session: loopback only\n"
                      "warnings.filterwarnings('ignore', message='PySpark does not yet fully support pandas')\n"
                      "spark = (SparkSession.builder.master('local[2]').appName('rlm-spark-sales')\n"
                      "         .config('spark.ui.enabled', 'false').config('spark.sql.shuffle.partitions', '4')\n"
                      "         .config('spark.driver.memory', '1g').config('spark.ui.showConsoleProgress', 'false')\n"
                      "         .getOrCreate())\n"
                      "spark.sparkContext.setLogLevel('ERROR')"),
        new_code_cell("from rlm_jupyter.demo_model.datasets import make_spark_sales\n\n"
                      "sdf = make_spark_sales(spark, 3_000_000)\nsdf.printSchema()"),
        new_code_cell('%%rlm sdf "revenue by region: monthly growth and each region\'s best product"'),
        new_code_cell("rlm_answer"),
        new_markdown_cell("The answer is a pandas DataFrame of five rows; the three million rows never left Spark. "
                          "The root prompt holds the schema, not the data, so it is the same size for a frame "
                          "a thousand times smaller:"),
        new_code_cell("from rlm_jupyter.engine.run.context import describe_all\n\n"
                      "small = make_spark_sales(spark, 3_000)\n"
                      "print(type(rlm_answer).__name__, rlm_answer.shape)\n"
                      "print(f'root prompt: {rlm_run.root_prompt_chars:,} characters')\n"
                      "print('description of 3,000 rows vs 3,000,000 rows:', len(describe_all({'sdf': small})), "
                      "'vs', len(describe_all({'sdf': sdf})), 'characters')"),
        new_code_cell("spark.stop()"),
    ])


def main() -> None:
    from rlm_jupyter.demo_model.datasets import make_haystack

    key = make_haystack(40_000_000, seed=1).key  # the question must name it literally (no variable expansion)
    books = {"quickstart.ipynb": quickstart(), "log_errors.ipynb": log_errors(), "long_document.ipynb": long_document(),
             "spark_sales.ipynb": spark_sales()}
    books["long_document.ipynb"].cells[3].source = books["long_document.ipynb"].cells[3].source.format(key=key)
    for name, book in books.items():
        book.metadata["kernelspec"] = {"name": "rlm", "display_name": "Python 3 (RLM)", "language": "python"}
        book.metadata["language_info"] = {"name": "python"}
        nbformat.write(book, HERE / name)


if __name__ == "__main__":
    main()
