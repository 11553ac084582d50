"""The replay switch without a kernel: its settings, ``RLM(replay=...)``, and how a cell finds its saved recording."""
from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest

from rlm_jupyter import RLM, Run
from rlm_jupyter.engine.record.replay import Recording, ReplayMode, replay_requested
from rlm_jupyter.jupyter.notebook_replay import NotebookReplay, ReplayFailed
from rlm_jupyter.jupyter.report import METADATA_KEY
from rlm_jupyter.testing import FakeLLMServer

from .scripted import Engine, assert_final, engine

__all__ = ["engine"]  # the fixture, re-exported for pytest

REPLIES = ["```repl\nprint(len(text))\n```", "FINAL(5)"]


@pytest.mark.parametrize(("value", "verify"), [("1", True), ("true", True), ("verify", True), ("rerun", False)])
def test_replay_env_values(value: str, verify: bool) -> None:
    mode = replay_requested({"RLM_REPLAY": value, "RLM_REPLAY_NOTEBOOK": "shared/analysis.ipynb"})
    assert mode == ReplayMode(verify, "shared/analysis.ipynb")


@pytest.mark.parametrize("value", ["", "0", "off", "false"])
def test_replay_env_off(value: str) -> None:
    assert replay_requested({"RLM_REPLAY": value}) is None
    assert replay_requested({}) is None


def test_a_bad_replay_value_is_one_line_with_the_fix() -> None:
    with pytest.raises(ValueError, match=r"^\$RLM_REPLAY: replay 'maybe' is not a replay setting; use 1 or verify"):
        replay_requested({"RLM_REPLAY": "maybe"})
    with pytest.raises(ValueError, match=re.escape("RLM_REPLAY_NOTEBOOK='notes.txt' is not a notebook")):
        replay_requested({"RLM_REPLAY": "1", "RLM_REPLAY_NOTEBOOK": "notes.txt"})


def test_rlm_replay_answers_from_the_recording_without_the_network(engine: Engine, fake_llm: FakeLLMServer,
                                                                   tmp_path: Path) -> None:
    recorded = engine.run(REPLIES, {"text": "hello"}, question="how long is it?")
    assert_final(recorded)
    calls = fake_llm.count()
    again = RLM(replay=recorded).run("how long is it?", {"text": "hello"})
    assert_final(again)
    assert again.answer == recorded.answer == 5
    assert fake_llm.count() == calls  # nothing reached the server
    assert again.replay_of == recorded.id and again.replayed_from is not None
    assert (again.replayed_from.run_id, again.replayed_from.model) == (recorded.id, recorded.model)
    assert again.replayed_from.prompt_version == recorded.prompt_version
    assert again.cost_usd == 0.0  # a replay spends nothing
    recorded.save(tmp_path / "run.json")
    from_file = RLM(replay=str(tmp_path / "run.json")).run("how long is it?", {"text": "hello"})
    assert from_file.replayed_from is not None and from_file.replayed_from.where == str(tmp_path / "run.json")
    assert "no model was called" in from_file.replayed_from.describe()
    again_of_again = RLM(replay=from_file).run("how long is it?", {"text": "hello"})
    assert again_of_again.replayed_from == from_file.replayed_from  # a replay of a replay names the first recording
    back = Run.from_json(from_file.to_json())
    assert back.replayed_from == from_file.replayed_from


def test_a_recorded_sub_call_the_new_data_does_not_ask_for_ends_the_replay(engine: Engine) -> None:
    replies = ["```repl\nanswer = llm_query('Count the words: ' + text)\nprint(answer)\n```", "FINAL_VAR(answer)"]
    recorded = engine.run(replies, {"text": "one two"}, question="how many words?")
    assert_final(recorded)
    again = RLM(replay=recorded).run("how many words?", {"text": "one two three"})
    assert again.status == "error"  # not an error string the model's code could swallow and answer with
    assert "is not in the recording" in again.message and "Count the words: one two three" in again.message


def test_with_rlm_replay_set_an_rlm_without_a_recording_refuses_to_be_built(monkeypatch: pytest.MonkeyPatch,
                                                                           fake_llm: FakeLLMServer) -> None:
    monkeypatch.setenv("RLM_REPLAY", "1")
    with pytest.raises(ValueError, match="RLM_REPLAY is set, so no model may be called: pass RLM"):
        RLM(model="root", base_url=fake_llm.base_url, api_key="test")
    assert fake_llm.count() == 0


# -- finding the cell's recording ---------------------------------------------------------------------------------
def saved(path: Path, cells: list[tuple[str, list[Run]]]) -> None:
    """A notebook whose cells have these sources, each with a report output per run."""
    notebook = nbformat.v4.new_notebook()
    for source, runs in cells:
        cell = nbformat.v4.new_code_cell(source)
        cell.outputs = [nbformat.v4.new_output("display_data", data={"text/plain": "report"},
                                               metadata={METADATA_KEY: {"trajectory": json.loads(r.to_json())}})
                        for r in runs]
        notebook.cells.append(cell)
    nbformat.write(notebook, path)


def run_of(run_id: str, question: str = "totals") -> Run:
    return Run(id=run_id, question=question, model="m", sub_model="m", context_names=["df"], status="final",
               started_at="2026-12-02T18:40:00+00:00", prompt_version="p1")


CELL = '%rlm df "totals"'


def test_each_execution_takes_its_own_cell_and_each_run_its_own_recording(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    saved(tmp_path / "a.ipynb", [("x = 1", []), (CELL, [run_of("aaaaaaaaaaa1")]),
                                 (CELL, [run_of("aaaaaaaaaaa2"), run_of("aaaaaaaaaaa3")])])
    replay = NotebookReplay()
    first = replay.find("", CELL, 5, "totals", ["df"], {})
    assert (first.run.id, first.where) == ("aaaaaaaaaaa1", f'a.ipynb::Cell 1 ({CELL})')  # nbval's numbering
    second = replay.find("", CELL, 6, "totals", ["df"], {})
    same_cell = replay.find("", CELL, 6, "totals", ["df"], {})
    assert (second.run.id, same_cell.run.id) == ("aaaaaaaaaaa2", "aaaaaaaaaaa3")
    with pytest.raises(LookupError, match=r"Cell 2 .* holds 2 recordings, and this is run 3"):
        replay.find("", CELL, 6, "totals", ["df"], {})


def test_a_cell_saved_in_two_notebooks_with_different_recordings_must_be_named(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    saved(tmp_path / "a.ipynb", [(CELL, [run_of("aaaaaaaaaaa1")])])
    saved(tmp_path / "b.ipynb", [(CELL, [run_of("bbbbbbbbbbb1")])])
    with pytest.raises(LookupError, match=re.escape("saved with different recordings in a.ipynb, b.ipynb, and the "
                                                    "cells run so far fit each of them; set "
                                                    "RLM_REPLAY_NOTEBOOK=path/to/the/notebook.ipynb")):
        NotebookReplay().find("", CELL, 1, "totals", ["df"], {})
    found = NotebookReplay().find(str(tmp_path / "b.ipynb"), CELL, 1, "totals", ["df"], {})
    assert found.run.id == "bbbbbbbbbbb1"
    saved(tmp_path / "b.ipynb", [(CELL, [])])  # papermill's output notebook, its outputs cleared
    assert NotebookReplay().find("", CELL, 1, "totals", ["df"], {}).run.id == "aaaaaaaaaaa1"


def test_no_saved_cell_with_this_source_says_where_it_looked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    saved(tmp_path / "a.ipynb", [(CELL, [run_of("aaaaaaaaaaa1")])])
    expected = "no saved cell in 1 notebook in " + str(tmp_path) + " has this cell's source (" + json.dumps(
        '%rlm df "other"') + ")"
    with pytest.raises(LookupError, match=re.escape(expected)):
        NotebookReplay().find("", '%rlm df "other"', 1, "other", ["df"], {})
    with pytest.raises(LookupError, match=re.escape("RLM_REPLAY_NOTEBOOK=nope.ipynb: no such notebook")):
        NotebookReplay().find("nope.ipynb", CELL, 1, "totals", ["df"], {})


def test_a_recording_of_another_question_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    saved(tmp_path / "a.ipynb", [(CELL, [run_of("aaaaaaaaaaa1", question="something else")])])
    with pytest.raises(LookupError, match="recorded 'something else' over df, not 'totals' over df"):
        NotebookReplay().find("", CELL, 1, "totals", ["df"], {})


def test_the_failure_shows_as_its_message_alone() -> None:
    assert ReplayFailed("%rlm: replay: a.ipynb, cell 2 holds no recording")._render_traceback_() == [
        "ReplayFailed: %rlm: replay: a.ipynb, cell 2 holds no recording"]


def test_recording_of_accepts_a_run_a_recording_or_a_path(tmp_path: Path) -> None:
    run = run_of("aaaaaaaaaaa1")
    assert Recording.of(run).where == "run aaaaaaaaaaa1"
    assert Recording.of(Recording(run, "here")).where == "here"
    run.save(tmp_path / "r.json")
    assert Recording.of(tmp_path / "r.json").run.id == "aaaaaaaaaaa1"


def test_a_replayed_follow_up_must_continue_the_replay_of_the_run_it_continued() -> None:
    from rlm_jupyter.jupyter.magic import _check_chain

    first, follow_up = run_of("aaaaaaaaaaa1"), run_of("aaaaaaaaaaa2")
    follow_up.continues = first.id
    replayed_first = run_of("ccccccccccc1")
    replayed_first.replay_of = first.id
    _check_chain(Recording(follow_up, "a.ipynb, cell 3"), replayed_first)  # the chain holds
    other = run_of("ddddddddddd1")
    with pytest.raises(ReplayFailed, match=re.escape("a.ipynb, cell 3 continues run aaaaaaaaaaa1, but the last run "
                                                     "in this kernel replayed ddddddddddd1; run the notebook's "
                                                     "cells in order")):
        _check_chain(Recording(follow_up, "a.ipynb, cell 3"), other)


# -- which notebook the kernel runs, with no variable per notebook -------------------------------------------------
JAN, FEB = 'orders = load("jan.csv")', 'orders = load("feb.csv")'


def test_of_two_notebooks_holding_the_cell_the_one_whose_cells_ran_is_replayed(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """nbclient and nbconvert tell the kernel nothing but the folder: the cells executed so far tell the notebooks
    apart (a monthly report saved next to last month's)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PYTEST_CURRENT_TEST", raising=False)
    saved(tmp_path / "january.ipynb", [("%load_ext rlm_jupyter", []), (JAN, []), (CELL, [run_of("aaaaaaaaaaa1")])])
    saved(tmp_path / "february.ipynb", [("%load_ext rlm_jupyter", []), (FEB, []), (CELL, [run_of("bbbbbbbbbbb1")])])
    for month, load, expected in (("february", FEB, "bbbbbbbbbbb1"), ("january", JAN, "aaaaaaaaaaa1")):
        replay = NotebookReplay()
        for source in ("%load_ext rlm_jupyter", load, CELL):
            replay.executed.saw(source)
        found = replay.find("", CELL, 3, "totals", ["df"], {})
        assert (found.run.id, found.where) == (expected, f"{month}.ipynb::Cell 2 ({CELL})")
    lost = NotebookReplay()
    for source in ("%load_ext rlm_jupyter", 'orders = load("march.csv")', CELL):  # fits neither
        lost.executed.saw(source)
    with pytest.raises(LookupError, match=re.escape("in february.ipynb, january.ipynb, and the cells run so far fit "
                                                    "none of them; set RLM_REPLAY_NOTEBOOK=")):
        lost.find("", CELL, 3, "totals", ["df"], {})


def test_under_nbval_the_notebook_under_test_is_the_one_pytest_is_at(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """nbval starts each notebook's kernel in its folder from inside pytest, which names the test it is at."""
    monkeypatch.chdir(tmp_path)
    saved(tmp_path / "a.ipynb", [(CELL, [run_of("aaaaaaaaaaa1")])])
    saved(tmp_path / "b.ipynb", [(CELL, [run_of("bbbbbbbbbbb1")])])
    saved(tmp_path / "c.ipynb", [(CELL, [run_of("aaaaaaaaaaa1")])])  # a copy of a.ipynb: the same recording
    monkeypatch.setenv("PYTEST_CURRENT_TEST", "shared/b.ipynb::Cell 0 (setup)")  # relative to pytest's rootdir
    found = NotebookReplay().find("", CELL, 1, "totals", ["df"], {})
    assert (found.run.id, found.where) == ("bbbbbbbbbbb1", f"b.ipynb::Cell 0 ({CELL})")
    monkeypatch.setenv("PYTEST_CURRENT_TEST", "c.ipynb::Cell 0 (call)")
    assert NotebookReplay().find("", CELL, 1, "totals", ["df"], {}).where.startswith("c.ipynb::")  # never its twin
    monkeypatch.setenv("PYTEST_CURRENT_TEST", "tests/test_x.py::test_y (call)")  # a kernel a test started: no notebook
    with pytest.raises(LookupError, match=re.escape("saved with different recordings in a.ipynb, b.ipynb, c.ipynb")):
        NotebookReplay().find("", CELL, 1, "totals", ["df"], {})


def test_a_papermill_output_being_written_names_the_notebook_it_runs(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """papermill saves its output before each cell, that cell marked running, and names its input in the metadata:
    the recordings are the input's, also beside an earlier output of the same template."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PYTEST_CURRENT_TEST", raising=False)
    saved(tmp_path / "analysis.ipynb", [("x = 1", []), (CELL, [run_of("aaaaaaaaaaa1")])])
    saved(tmp_path / "march.ipynb", [("x = 1", []), ("# Parameters\nx = 3", []), (CELL, [run_of("ccccccccccc1")])])
    april = nbformat.read(tmp_path / "march.ipynb", as_version=4)
    april.metadata["papermill"] = {"input_path": "analysis.ipynb", "output_path": "april.ipynb", "end_time": None}
    for cell in april.cells:
        cell.outputs, cell.metadata["papermill"] = [], {"status": "completed"}
    april.cells[2].metadata["papermill"]["status"] = "running"
    nbformat.write(april, tmp_path / "april.ipynb")
    found = NotebookReplay().find("", CELL, 3, "totals", ["df"], {})
    assert (found.run.id, found.where) == ("aaaaaaaaaaa1", f"analysis.ipynb::Cell 1 ({CELL})")
    april.metadata["papermill"]["end_time"] = "2026-12-02T18:41:00"  # finished: no longer says what runs
    nbformat.write(april, tmp_path / "april.ipynb")
    with pytest.raises(LookupError, match=re.escape("different recordings in analysis.ipynb, march.ipynb")):
        NotebookReplay().find("", CELL, 3, "totals", ["df"], {})


@pytest.mark.parametrize(("executed", "unseen", "misfits"), [
    (["b", "c"], 0, {"abc": 1, "bc": 0, "bxc": 1, "cb": None}),  # seen from the start: a cell before b was skipped
    (["b", "c"], 1, {"abc": 0, "bc": None, "xbc": 0, "axbc": 1}),  # one cell ran before the extension loaded
    (["b", "c"], None, {"abc": 0, "bc": 0, "bxc": 1, "cb": None}),  # how many ran before: unknown (nbval)
    (["a", "a"], 0, {"aa": 0, "a": None}),  # a cell run twice fits only a notebook that holds it twice
])
def test_the_executed_cells_fit_a_notebook_by_the_cells_they_skipped(executed: list[str], unseen: int | None,
                                                                    misfits: dict[str, int | None]) -> None:
    from rlm_jupyter.jupyter.which_notebook import ExecutedCells

    cells = ExecutedCells(executed, unseen)
    assert {notebook: cells.misfit(list(notebook)) for notebook in misfits} == misfits
    assert ExecutedCells().misfit(["a"]) == 0  # nothing seen: no evidence against any notebook
