"""Where ``--replay`` finds its recording (``find_recording``, ``runs_in_notebook``), with no kernel."""
from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

from rlm_jupyter.engine.record.trajectory import Run
from rlm_jupyter.jupyter.recordings import find_recording, notebook_path, runs_in_notebook
from rlm_jupyter.jupyter.report import METADATA_KEY


def make_run(run_id: str, question: str = "totals by region", names: tuple[str, ...] = ("sales",),
             replay_of: str | None = None, answer: object = None) -> Run:
    return Run(id=run_id, question=question, model="root", sub_model="sub", context_names=list(names),
               status="final", answer=answer, replay_of=replay_of)


def report_output(run: Run) -> nbformat.NotebookNode:
    """A display_data output as the static report saves it: the trajectory in the output metadata."""
    return nbformat.v4.new_output("display_data", data={"text/plain": run.summary()},
                                  metadata={METADATA_KEY: {"trajectory": json.loads(run.to_json()), "tokens": 1}})


def write_notebook(path: Path, *runs: Run) -> Path:
    cells = [nbformat.v4.new_markdown_cell("# Analysis"),
             nbformat.v4.new_code_cell("x = 1", outputs=[nbformat.v4.new_output("stream", name="stdout", text="1\n")])]
    cells += [nbformat.v4.new_code_cell(f'%rlm sales "{run.question}"', outputs=[
        nbformat.v4.new_output("display_data", data={"text/plain": "unrelated"}, metadata={"other": {}}),
        report_output(run)]) for run in runs]
    nbformat.write(nbformat.v4.new_notebook(cells=cells), path)
    return path


# -- runs_in_notebook ----------------------------------------------------------------------------------------------
def test_runs_in_a_notebook_come_back_in_cell_order(tmp_path: Path) -> None:
    path = write_notebook(tmp_path / "n.ipynb", make_run("first", answer=[1, 2]), make_run("second", "other q"))
    runs = list(runs_in_notebook(path))
    assert [r.id for r in runs] == ["first", "second"]
    assert runs[0].answer == [1, 2] and runs[1].question == "other q"


def test_outputs_without_a_trajectory_are_ignored(tmp_path: Path) -> None:
    path = tmp_path / "n.ipynb"
    cell = nbformat.v4.new_code_cell("1", outputs=[
        nbformat.v4.new_output("display_data", data={"text/plain": "x"}, metadata={METADATA_KEY: {"tokens": 3}}),
        nbformat.v4.new_output("display_data", data={"text/plain": "x"}, metadata={METADATA_KEY: "not a dict"})])
    nbformat.write(nbformat.v4.new_notebook(cells=[cell]), path)
    assert list(runs_in_notebook(path)) == []


# -- notebook_path -------------------------------------------------------------------------------------------------
def test_the_notebook_is_found_from_the_session_variable_or_the_environment(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write_notebook(tmp_path / "n.ipynb")
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    assert notebook_path({}) is None
    assert notebook_path({"__session__": str(path)}) == path
    assert notebook_path({"__session__": str(tmp_path / "missing.ipynb")}) is None  # must exist
    assert notebook_path({"__session__": str(tmp_path)}) is None  # and be a notebook
    monkeypatch.setenv("JPY_SESSION_NAME", str(path))
    assert notebook_path({}) == path


# -- find_recording ------------------------------------------------------------------------------------------------
def test_a_file_spec_loads_that_file(tmp_path: Path) -> None:
    saved = make_run("saved", "anything at all")
    saved.save(tmp_path / "run.json")
    found = find_recording(str(tmp_path / "run.json"), "another question", ["sales"], [make_run("k")], {})
    assert found.id == "saved"  # an explicit file wins, whatever the question (its names: tests/test_bad_input.py)


def test_a_missing_file_spec_is_a_lookup_error_naming_it(tmp_path: Path) -> None:
    with pytest.raises(LookupError, match=r"--replay .*nope\.json: no such file"):
        find_recording(str(tmp_path / "nope.json"), "q", [], [], {})


def test_the_latest_kernel_run_of_the_same_question_and_names_wins(tmp_path: Path) -> None:
    runs = [make_run("old"), make_run("other question", "different"), make_run("other names", names=("orders",)),
            make_run("latest"), make_run("a replay", replay_of="latest")]
    notebook = write_notebook(tmp_path / "n.ipynb", make_run("in the notebook"))
    found = find_recording("", "totals by region", ["sales"], runs, {"__session__": str(notebook)})
    assert found.id == "latest"  # this kernel first; a replay is never the recording of a replay


def test_the_saved_notebook_is_searched_when_this_kernel_has_none(tmp_path: Path) -> None:
    notebook = write_notebook(tmp_path / "n.ipynb", make_run("nb-1"), make_run("nb-other", "other"), make_run("nb-2"),
                              make_run("nb-replay", replay_of="nb-2"))
    found = find_recording("", "totals by region", ["sales"], [make_run("k", "other")], {"__session__": str(notebook)})
    assert found.id == "nb-2"  # the last matching one in the notebook


def test_no_recording_anywhere_is_a_lookup_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    notebook = write_notebook(tmp_path / "n.ipynb", make_run("nb", "other"))
    for user_ns in ({}, {"__session__": str(notebook)}):
        with pytest.raises(LookupError, match="no recorded run of this question"):
            find_recording("", "totals by region", ["sales"], [make_run("k", names=("orders",))], user_ns)
