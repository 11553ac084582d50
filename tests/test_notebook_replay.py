"""Verifying a shared notebook without the model: RLM_REPLAY=1 under nbval, papermill and nbconvert.

A notebook with four ``%rlm`` runs (a DataFrame answer, a follow-up with ``--continue``, a text answer built
from a sub-call, and a cell that only reads an answer) is executed against the bundled server over real
HTTP and saved. Then the server is stopped, and the saved notebook is checked the way a colleague's CI
would: real ``pytest --nbval`` processes with no key and the endpoint pointed at a closed loopback port,
papermill with a parameter, ``jupyter nbconvert --execute``.
"""
from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pandas as pd
import pytest
from nbclient import NotebookClient

from rlm_jupyter.demo_model import demo_sub
from rlm_jupyter.demo_model.responders import ChatRequest, Scripted
from rlm_jupyter.engine.dialogue.conversation import Conversation
from rlm_jupyter.nbval import SANITIZE_FILE
from rlm_jupyter.testing import FakeLLMServer
from rlm_jupyter.testing.kernel import inherited_environment

pytestmark = [pytest.mark.kernel, pytest.mark.slow]  # kernels, and pytest/papermill/nbconvert processes

TOTALS = "total amount per region"
LARGEST = "which region has the largest total?"
COMPLAINT = "what do the notes complain about?"
SCRIPTS = {
    TOTALS: Scripted([
        "```repl\ntotals = orders.groupby('region', as_index=False)['amount'].sum()\nprint(totals.to_string())\n```",
        "FINAL_VAR(totals)",
        # the follow-up continues this conversation: its turns come after the two above
        "```repl\ntop = str(orders.groupby('region')['amount'].sum().idxmax())\nprint(top)\n```",
        "FINAL_VAR(top)",
    ]),
    COMPLAINT: Scripted([
        "```repl\nprint(notes[:200])\nsummary = llm_query('Say in one line what this complains about: ' + notes[:120])\n"
        "print(summary)\n```",
        "FINAL_VAR(summary)",
    ]),
}


def scripted_root(request: ChatRequest) -> str:
    return str(SCRIPTS[Conversation.read_opening(request.messages).question](request))


CELLS = [
    ("parameters", 'orders_file = "orders.csv"\nnotes_file = "notes.txt"'),
    ("", "%load_ext rlm_jupyter\nimport pandas as pd\norders = pd.read_csv(orders_file)\n"
         "notes = open(notes_file, encoding='utf-8').read()"),
    ("", f'%%rlm orders "{TOTALS}"'),
    ("", "rlm_answer"),
    ("", f'%rlm orders "{LARGEST}" --continue -o largest'),
    ("", f'%%rlm notes -o complaint\n{COMPLAINT}'),
    ("", "print(largest, '|', complaint)"),
]


def write_data(folder: Path, amounts: tuple[int, ...] = (120, 80, 200, 50), notes: str | None = None) -> None:
    regions = ("north", "south", "east", "north")
    pd.DataFrame({"region": regions, "amount": amounts}).to_csv(folder / "orders.csv", index=False)
    (folder / "notes.txt").write_text(notes or "The delivery was late three times and support never answered.",
                                      encoding="utf-8")


def closed_port() -> int:
    """A loopback port nothing listens on: a replay that tried the network would fail there, loudly."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def the_model() -> Iterator[FakeLLMServer]:
    """The bundled server, with the environment a notebook's kernel inherits pointing at it."""
    with FakeLLMServer(models={"nb-root": scripted_root, "demo-sub": demo_sub}) as server, inherited_environment(
            OPENAI_BASE_URL=server.base_url, OPENAI_API_KEY="test-key", RLM_MODEL="nb-root", RLM_SUB_MODEL="demo-sub"):
        yield server


def with_the_model(notebook: nbformat.NotebookNode, folder: Path) -> nbformat.NotebookNode:
    """Execute ``notebook`` in ``folder`` against the bundled server over HTTP, as its author did."""
    with the_model():
        NotebookClient(notebook, timeout=120, kernel_name="python3",
                       resources={"metadata": {"path": str(folder)}}).execute()
    return notebook


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A folder with the data and analysis.ipynb, executed against the bundled server, which is then stopped."""
    folder = tmp_path_factory.mktemp("shared")
    write_data(folder)
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for _, source in CELLS])
    notebook.cells[0].metadata["tags"] = ["parameters"]  # papermill puts its parameters after this cell
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    with the_model() as server:
        NotebookClient(notebook, timeout=120, kernel_name="python3",
                       resources={"metadata": {"path": str(folder)}}).execute()
        calls = server.count()
    assert calls >= 7  # 2 + 2 + 2 root calls and the sub-call went over HTTP
    nbformat.write(notebook, folder / "analysis.ipynb")
    yield folder


def offline_env() -> dict[str, str]:
    """The CI job's environment: replay on, no key, the endpoint a closed loopback port."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "RLM_MODEL", "RLM_SUB_MODEL"))}
    env.update(RLM_REPLAY="1", OPENAI_BASE_URL=f"http://127.0.0.1:{closed_port()}/v1")
    return env


def nbval(folder: Path, *targets: str) -> subprocess.CompletedProcess[str]:
    """``RLM_REPLAY=1 pytest --nbval`` as a colleague's CI runs it, offline; ``-s`` so what nbval prints shows."""
    sanitize = subprocess.run([sys.executable, "-m", "rlm_jupyter.nbval"], capture_output=True, text=True,
                              check=True).stdout.strip()
    return subprocess.run([sys.executable, "-m", "pytest", "--nbval", *(targets or ["analysis.ipynb"]),
                           f"--nbval-sanitize-with={sanitize}", "-p", "no:cacheprovider", "-q", "-s"], cwd=folder,
                          env=offline_env(), capture_output=True, text=True, timeout=900)


def copy_of(recorded: Path, tmp_path: Path) -> Path:
    for item in recorded.iterdir():
        (tmp_path / item.name).write_bytes(item.read_bytes())
    return tmp_path


def test_the_shipped_sanitize_file_is_what_the_module_prints() -> None:
    printed = subprocess.run([sys.executable, "-m", "rlm_jupyter.nbval"], capture_output=True, text=True, check=True)
    assert Path(printed.stdout.strip()) == SANITIZE_FILE and SANITIZE_FILE.is_file()
    wrong = subprocess.run([sys.executable, "-m", "rlm_jupyter.nbval", "--bogus"], capture_output=True, text=True)
    assert wrong.returncode == 2 and "takes no arguments" in wrong.stderr and "Traceback" not in wrong.stderr


def test_nbval_passes_offline_on_the_unchanged_notebook(recorded: Path, tmp_path: Path) -> None:
    folder = copy_of(recorded, tmp_path)
    done = nbval(folder)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "7 passed" in done.stdout


def test_nbval_fails_on_the_answer_cell_with_a_diff_when_the_data_changed(recorded: Path, tmp_path: Path) -> None:
    folder = copy_of(recorded, tmp_path)
    write_data(folder, amounts=(120, 80, 200, 150))  # north's total moves from 170 to 270
    done = nbval(folder)
    assert done.returncode != 0
    assert "the answer differs from the recorded one" in done.stdout
    assert "analysis.ipynb::Cell 2" in done.stdout  # the cell that made the answer is named, as nbval numbers it
    assert "270" in done.stdout  # the changed cell, in the diff


def test_nbval_fails_with_one_line_when_a_cell_lost_its_recording(recorded: Path, tmp_path: Path) -> None:
    folder = copy_of(recorded, tmp_path)
    notebook = json.loads((folder / "analysis.ipynb").read_text(encoding="utf-8"))
    for output in notebook["cells"][5]["outputs"]:
        output.get("metadata", {}).pop("rlm_jupyter", None)
    (folder / "analysis.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    done = nbval(folder)
    assert done.returncode != 0
    assert "analysis.ipynb::Cell 5 (%%rlm notes -o complaint) holds no recording in its saved outputs" in done.stdout


def test_papermill_reuses_the_replies_on_new_data_and_says_it_replayed(recorded: Path, tmp_path: Path) -> None:
    import papermill

    folder = copy_of(recorded, tmp_path)
    pd.DataFrame({"region": ["west", "south"], "amount": [500, 10]}).to_csv(folder / "other.csv", index=False)
    env = offline_env()
    env["RLM_REPLAY"] = "rerun"  # new data on purpose: the new answer is kept
    done = subprocess.run([sys.executable, "-m", "papermill", "analysis.ipynb", "out.ipynb", "-p", "orders_file",
                           "other.csv", "--cwd", str(folder)], cwd=folder, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    out = nbformat.read(folder / "out.ipynb", as_version=4)
    printed = "".join(o.get("text", "") for o in out.cells[-1].outputs)
    assert printed.startswith("west |")  # the recorded code, on the parameter's data
    report = next(o for o in out.cells[3].outputs if "rlm_jupyter" in o.get("metadata", {}))
    assert "replayed from the recording of run" in report["data"]["text/plain"]
    assert "analysis.ipynb::Cell 2" in report["data"]["text/plain"]
    assert papermill.__version__


def test_papermill_fails_with_the_reason_when_the_recorded_code_no_longer_fits(recorded: Path,
                                                                             tmp_path: Path) -> None:
    folder = copy_of(recorded, tmp_path)
    (folder / "other.txt").write_text("The app crashes on login.", encoding="utf-8")
    env = offline_env()
    env["RLM_REPLAY"] = "rerun"
    done = subprocess.run([sys.executable, "-m", "papermill", "analysis.ipynb", "out.ipynb", "-p", "notes_file",
                           "other.txt", "--cwd", str(folder)], cwd=folder, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode != 0
    assert "replaying analysis.ipynb::Cell 5 (%%rlm notes -o complaint) failed (error; the recording ended final)" \
        in done.stderr + done.stdout
    assert "is not in the recording" in done.stderr + done.stdout


def test_nbconvert_execute_replays_in_place_of_the_model(recorded: Path, tmp_path: Path) -> None:
    folder = copy_of(recorded, tmp_path)
    done = subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
                           "analysis.ipynb", "--output", "checked.ipynb"], cwd=folder, env=offline_env(),
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    checked = nbformat.read(folder / "checked.ipynb", as_version=4)
    assert "".join(o.get("text", "") for o in checked.cells[-1].outputs).startswith("east |")


def test_the_kernel_setting_replays_and_rlm_run_says_from_which_recording(recorded: Path, tmp_path: Path) -> None:
    from rlm_jupyter.testing.kernel import KernelSession

    folder = copy_of(recorded, tmp_path)
    session = KernelSession(f"http://127.0.0.1:{closed_port()}/v1", OPENAI_API_KEY="", RLM_REPLAY="")
    try:
        session.ok(f"import os\nos.chdir({str(folder)!r})\n%config RLMMagics.replay = True")
        for _, source in CELLS[:3]:
            session.ok(source)
        where = session.value("rlm_run.replayed_from.where")
        assert where == f'analysis.ipynb::Cell 2 (%%rlm orders "{TOTALS}")'
        assert session.value("rlm_run.replayed_from.model, rlm_run.replay_of is not None") == "nb-root True"
        assert session.value("rlm_run.replayed_from.prompt_version") != ""
        bad = session.execute("%config RLMMagics.replay = 'sometimes'")
        assert "expected a boolean or any of ['verify', 'rerun'], not the str 'sometimes'" in bad.stderr
        missing = session.execute('%rlm orders "a question nobody saved"')
        assert missing.errors[0]["ename"] == "ReplayFailed"
        assert missing.errors[0]["traceback"] == [
            "ReplayFailed: %rlm: replay: no saved cell in 1 notebook in " + str(folder)
            + " has this cell's source (\"%rlm orders \\\"a question nobody saved\\\"\"); save the notebook after "
              "running it, or set RLM_REPLAY_NOTEBOOK=path/to/notebook.ipynb"]
    finally:
        session.close()


# -- verifying a folder: no variable per notebook ------------------------------------------------------------------
MONTH_CELLS = ["%load_ext rlm_jupyter\nimport pandas as pd", "orders = pd.read_csv({file!r})",
               f'%%rlm orders "{TOTALS}"', "print(rlm_run.cost_text)"]


@pytest.fixture(scope="module")
def months(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """january.ipynb and february.ipynb: the same %%rlm cell over each month's orders, so different recordings."""
    folder = tmp_path_factory.mktemp("months")
    for month, amounts in (("january", (120, 80, 200, 50)), ("february", (10, 20, 30, 40))):
        pd.DataFrame({"region": ("north", "south", "east", "north"), "amount": amounts}).to_csv(
            folder / f"{month}.csv", index=False)
        notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source.format(file=f"{month}.csv"))
                                                   for source in MONTH_CELLS])
        notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nbformat.write(with_the_model(notebook, folder), folder / f"{month}.ipynb")
    return folder


def test_nbval_verifies_a_folder_whose_notebooks_hold_different_recordings_of_one_cell(months: Path,
                                                                                     tmp_path: Path) -> None:
    """The README's recipe on a folder: each kernel replays its own notebook (nbval's), with no variable per
    notebook; what a replayed cell prints reads as the recorded run did (its cost words too); no stray noise."""
    folder = copy_of(months, tmp_path)
    saved = [nbformat.read(folder / f"{m}.ipynb", as_version=4) for m in ("january", "february")]
    ids = {next(o for o in nb.cells[2].outputs if "rlm_jupyter" in o.get("metadata", {}))["metadata"]
           ["rlm_jupyter"]["run_id"] for nb in saved}
    assert len(ids) == 2  # two recordings of the one cell
    assert [nb.cells[3].outputs[0]["text"] for nb in saved] == ["free (served on this machine)\n"] * 2
    done = nbval(folder, ".")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "8 passed" in done.stdout
    assert "unhandled iopub msg" not in done.stdout + done.stderr  # the panel's clear_output is not sent
    assert "RLM_REPLAY_NOTEBOOK" not in done.stdout


def test_a_failure_in_a_folder_names_the_notebook_under_test_as_nbval_numbers_it(months: Path,
                                                                                  tmp_path: Path) -> None:
    folder = copy_of(months, tmp_path)
    pd.DataFrame({"region": ["north"], "amount": [999]}).to_csv(folder / "february.csv", index=False)
    done = nbval(folder, ".")
    assert done.returncode != 0
    assert "1 failed, 7 passed" in done.stdout
    assert "replayed february.ipynb::Cell 2 (%%rlm orders" in done.stdout  # the notebook under test, its number
    assert "january.ipynb::Cell" not in done.stdout  # never the sibling


def test_nbconvert_tells_the_notebooks_apart_by_the_cells_it_ran(months: Path, tmp_path: Path) -> None:
    """nbclient tells the kernel nothing but the folder: the cells executed so far say which notebook runs."""
    folder = copy_of(months, tmp_path)
    for month in ("february", "january"):
        done = subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
                               f"{month}.ipynb", "--output", f"checked-{month}.ipynb"], cwd=folder, env=offline_env(),
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr[-3000:]
        checked = nbformat.read(folder / f"checked-{month}.ipynb", as_version=4)
        report = next(o for o in checked.cells[2].outputs if "rlm_jupyter" in o.get("metadata", {}))
        assert f"{month}.ipynb::Cell 2" in report["data"]["text/plain"]


def test_nbval_verifies_a_papermill_output_beside_its_template(recorded: Path, tmp_path: Path) -> None:
    """march.ipynb, run by papermill from analysis.ipynb with other data, sits beside it: each verifies alone."""
    import papermill

    folder = copy_of(recorded, tmp_path)
    write_data(folder, amounts=(5, 6, 7, 8))
    (folder / "orders.csv").rename(folder / "march.csv")
    write_data(folder)  # the template's own data, as it was
    with the_model():
        papermill.execute_notebook(str(folder / "analysis.ipynb"), str(folder / "march.ipynb"), kernel_name="python3",
                                   parameters={"orders_file": "march.csv"}, cwd=str(folder), progress_bar=False)
    march = nbformat.read(folder / "march.ipynb", as_version=4)
    assert "injected-parameters" in march.cells[1].metadata.get("tags", [])
    done = nbval(folder, "analysis.ipynb", "march.ipynb")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "15 passed" in done.stdout and "unhandled iopub msg" not in done.stdout
    # papermill again, offline, beside both: the output it writes before each cell names the template it runs
    env = offline_env()
    env["RLM_REPLAY"] = "rerun"
    again = subprocess.run([sys.executable, "-m", "papermill", "analysis.ipynb", "april.ipynb", "-p", "orders_file",
                            "orders.csv", "--cwd", str(folder)], cwd=folder, env=env, capture_output=True, text=True,
                           timeout=600)
    assert again.returncode == 0, again.stderr[-3000:]
    april = nbformat.read(folder / "april.ipynb", as_version=4)
    report = next(o for o in april.cells[3].outputs if "rlm_jupyter" in o.get("metadata", {}))
    assert "analysis.ipynb::Cell 2" in report["data"]["text/plain"]  # the template's recording, not march's


SHIPPED = Path(__file__).parent.parent / "notebooks"
NEEDS = {"distributed_logs.ipynb": "distributed", "spark_sales.ipynb": "pyspark"}


def test_the_shipped_notebooks_verify_offline_under_replay(tmp_path: Path) -> None:
    """Every shipped notebook, from its saved outputs alone: no model, no key, the endpoint a closed port."""
    import importlib.util

    names = [n.name for n in sorted(SHIPPED.glob("*.ipynb"))
             if n.name not in NEEDS or importlib.util.find_spec(NEEDS[n.name]) is not None]
    assert "quickstart.ipynb" in names
    for name in names:
        (tmp_path / name).write_bytes((SHIPPED / name).read_bytes())
    done = subprocess.run([sys.executable, "-m", "pytest", "--nbval", *names, f"--nbval-sanitize-with={SANITIZE_FILE}",
                           "-p", "no:cacheprovider", "-q"], cwd=tmp_path, env=offline_env(),
                          capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert " failed" not in done.stdout
