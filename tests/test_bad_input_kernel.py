"""Bad input through a real kernel (issue 14, point 6): one UsageError line, no model call, nothing changed.

The unit tests of the same checks are in ``tests/test_bad_input.py``; these run the magic in a kernel
against the bundled scripted server over HTTP, and check what the user sees (one stderr line), what the
server saw (nothing), the namespace (unchanged) and the folder (unchanged).
"""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from rlm_jupyter.testing import FakeLLMServer, Scripted
from rlm_jupyter.testing.kernel import Execution, KernelSession

FINGERPRINT = "sorted((k, id(v)) for k, v in globals().items() if not k.startswith('_') and k not in ('In', 'Out'))"


def fence(code: str) -> str:
    return f"```repl\n{code}\n```"


def refused(kernel: KernelSession, server: FakeLLMServer, cell: str, folder: Path) -> str:
    """Run ``cell``; check it was one UsageError line, no call, no change to the namespace or ``folder``."""
    before, files = kernel.value(FINGERPRINT), sorted(p.name for p in folder.iterdir())
    server.reset()
    result = kernel.execute(cell)
    assert result.stderr.startswith("UsageError: %") and result.stderr.count("\n") == 1, result.stderr
    assert not result.errors and result.reply["status"] == "error"  # a UsageError: stderr, and a failed reply
    assert server.count() == 0
    assert kernel.value(FINGERPRINT) == before
    assert sorted(p.name for p in folder.iterdir()) == files
    return result.stderr


@pytest.fixture
def workdir(kernel: KernelSession, tmp_path: Path) -> Path:
    kernel.ok(f"import os\nos.chdir({str(tmp_path)!r})\ndf_a = [1, 2, 3]\ndf_b = [4, 5, 6]")
    return tmp_path


# -- 1. corrupted recordings --------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, problem", [
    ("[]", "expected a JSON object (a Run), got a list"),
    ("null", "got null"),
    ("{}", "id: missing"),
    ("{oops", "invalid JSON"),
    (json.dumps({"id": "r", "question": "q", "model": "m", "sub_model": "s", "iterations": "none"}),
     "iterations: expected a list, got a string"),
    (json.dumps({"id": "r", "question": "q", "model": "m", "sub_model": "s", "extra": 1}),
     "extra: unknown field of a Run"),
])
def test_a_corrupted_replay_file_is_one_line(kernel: KernelSession, server: FakeLLMServer, workdir: Path,
                                             text: str, problem: str) -> None:
    (workdir / "rec.json").write_text(text, encoding="utf-8")
    message = refused(kernel, server, '%rlm df_a "q" --replay rec.json', workdir)
    assert "%rlm: rec.json: not a recording: " in message and problem in message
    assert "; record one with --record PATH" in message


# -- 2. --record -----------------------------------------------------------------------------------------------------
def test_record_into_a_folder_is_refused_before_any_call(kernel: KernelSession, server: FakeLLMServer,
                                                         workdir: Path) -> None:
    (workdir / "out").mkdir()
    message = refused(kernel, server, '%rlm df_a "q" --model root --record out', workdir)
    assert "--record out is a folder" in message


def test_a_run_that_fails_before_its_end_leaves_no_record_file(kernel: KernelSession, server: FakeLLMServer,
                                                               workdir: Path) -> None:
    # The budget is refused after the file was created (the model is unpriced: the local_is_free rule is off for
    # the test server on 127.0.0.1): the file must go again.
    kernel.ok("%config RLMMagics.local_is_free = False")
    try:
        message = refused(kernel, server, '%rlm df_a "q" --model root --budget 1 --record new.json', workdir)
    finally:
        kernel.ok("%config RLMMagics.local_is_free = True")
    assert "budget_usd needs a price" in message
    assert not (workdir / "new.json").exists()


def test_the_record_file_is_reserved_while_the_run_goes_and_filled_at_its_end(
        kernel: KernelSession, server: FakeLLMServer, workdir: Path) -> None:
    """The model's code tries to create the record file during the run: it already exists (ours). With the guard
    off: the guard would refuse any write outside the scratch folder before the reservation is even reached."""
    server.models["root"] = Scripted([
        fence("try:\n    open('rec.json', 'x').write('not the record')\n    taken = 'no'\n"
              "except FileExistsError:\n    taken = 'yes'\nprint(len(df_a), taken)"),  # read the data, show it
        "FINAL_VAR(taken)"])
    out = kernel.ok('%rlm df_a "q" --model root --record rec.json --guard off')
    assert kernel.value("rlm_answer") == "yes"
    assert "saved to rec.json" in out.stdout
    assert json.loads((workdir / "rec.json").read_text(encoding="utf-8"))["answer"]["value"] == "yes"


# -- 3. numbers out of range -------------------------------------------------------------------------------------------
def test_a_huge_cell_timeout_is_one_line_before_any_call(kernel: KernelSession, server: FakeLLMServer,
                                                         workdir: Path) -> None:
    kernel.ok("%config RLMMagics.cell_timeout_s = 1e10")
    try:
        message = refused(kernel, server, '%rlm df_a "q" --model root', workdir)
    finally:
        kernel.ok("%config RLMMagics.cell_timeout_s = 120.0")
    assert "cell_timeout_s must be > 0 and <= 86400, got 10000000000.0" in message


# -- 4. an unusable cache folder ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("cell", ['%rlm df_a "q" --model root', "%rlm cache info", "%rlm cache clear"])
def test_a_cache_folder_that_is_a_file_is_one_line(kernel: KernelSession, server: FakeLLMServer, workdir: Path,
                                                   cell: str) -> None:
    (workdir / "cache-file").write_text("x")
    kernel.ok(f"%config RLMMagics.cache = True\n%config RLMMagics.cache_dir = {str(workdir / 'cache-file')!r}")
    try:
        message = refused(kernel, server, cell, workdir)
    finally:
        kernel.ok("%config RLMMagics.cache = False\n%config RLMMagics.cache_dir = os.environ['RLM_CACHE_DIR']")
    assert f"cache_dir {workdir / 'cache-file'}: is a file, not a folder" in message
    assert "set %config RLMMagics.cache_dir to a writable folder or turn the cache off with --no-cache" in message


# -- 5. a huge line ---------------------------------------------------------------------------------------------------------
def test_a_million_character_question_is_checked_at_once(kernel: KernelSession, server: FakeLLMServer,
                                                         workdir: Path) -> None:
    started = time.perf_counter()
    message = refused(kernel, server, f'%rlm no_such_frame "{"why " * 250_000}"', workdir)
    assert "no variable 'no_such_frame' in this kernel" in message
    assert time.perf_counter() - started < 20  # shlex alone took 20-40 s; the fingerprints take well under a second


# -- 6. a run without an answer -----------------------------------------------------------------------------------------------
def test_a_run_without_an_answer_leaves_the_answer_variable_as_it_was(
        kernel: KernelSession, server: FakeLLMServer, workdir: Path) -> None:
    server.models["root"] = Scripted([fence("print(len(df_a))"), 'FINAL("first")'])  # read, then answer
    kernel.ok('%rlm df_a "first" --model root')
    server.models["root"] = Scripted([fence("looking = len(df_a)"), fence("looking += 1")],
                                     after_end="no idea")  # no answer in the forced last reply, nothing printed
    out: Execution = kernel.execute('%rlm df_a "second" --model root --max-iterations 2')
    assert [e["ename"] for e in out.errors] == ["NotAnswered"]  # the cell fails: Run All stops here
    assert out.errors[0]["traceback"][0].startswith("NotAnswered: %rlm: no answer (status 'max_iterations': no "
                                                    "FINAL after 2 turns); raise --max-iterations")
    assert kernel.value("rlm_answer, rlm_run.status, rlm_run.question") == "first max_iterations second"
    assert kernel.value("'rlm_answer_2' in globals()") == "False"
    out = kernel.ok('%rlm df_a "third" --model root --max-iterations 2 -o mine --unanswered keep')
    assert "no answer (status 'max_iterations'): mine left as it was" in out.stdout  # keep: nothing to bind
    assert kernel.value("'mine' in globals()") == "False"


# -- 7. a replay over other variables ---------------------------------------------------------------------------------------
def test_a_replay_over_another_variable_is_refused(kernel: KernelSession, server: FakeLLMServer,
                                                   workdir: Path) -> None:
    server.models["root"] = Scripted([fence("total = sum(df_a)"), "FINAL_VAR(total)"])
    kernel.ok('%rlm df_a "the total" --model root --record rec.json')
    assert kernel.value("rlm_answer") == "6"
    message = refused(kernel, server, '%rlm df_b "the total" --replay rec.json', workdir)
    assert "--replay rec.json: the recording was made over df_a, not df_b" in message
    assert "df_a = df_b" in message
    out = kernel.ok('%rlm df_a "the total" --replay rec.json')  # the same names: replayed, no network
    assert "reproduced" in out.stdout and server.count() == 0


# -- 8. an unquoted question ---------------------------------------------------------------------------------------------------
def test_an_unquoted_question_is_told_to_be_quoted(kernel: KernelSession, server: FakeLLMServer,
                                                   workdir: Path) -> None:
    message = refused(kernel, server, "%rlm df_a cohort retention by month", workdir)
    assert ("%rlm: 'cohort' is not a variable in this kernel; if it is part of the question, quote the question: "
            '%rlm df_a "cohort retention by month"') in message
