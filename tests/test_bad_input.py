"""Bad input without a kernel (issue 14, point 6): each is one line that names the problem and the fix.

Corrupted recordings, ``--record`` paths that cannot be written, numbers out of range, an unusable cache
folder, a huge line, a replay over other names and an unquoted question. The same cases through a real
kernel, with the namespace and the network checked, are in ``tests/test_bad_input_kernel.py``.
"""
from __future__ import annotations

import dataclasses
import json
import math
import os
import random
import shlex
import time
from pathlib import Path
from typing import Any

import nbformat
import pytest
from IPython.core.error import UsageError

from rlm_jupyter import RLM
from rlm_jupyter.engine.record.spend import Usage
from rlm_jupyter.engine.record.trajectory import CodeCell, Iteration, Run, SubCall
from rlm_jupyter.engine.settings import _NUMBERS, DEFAULTS, POSITIVE, Settings
from rlm_jupyter.jupyter.magic import RLMMagics
from rlm_jupyter.jupyter.options import check_run_options, split_line, split_question
from rlm_jupyter.jupyter.recordings import RecordTarget, find_recording, runs_in_notebook
from rlm_jupyter.jupyter.report import METADATA_KEY
from rlm_jupyter.llm.cache import open_cache

AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0  # root ignores file permissions: those cases cannot fail


def one_line(exc: BaseException) -> str:
    text = str(exc)
    assert "\n" not in text, text
    return text


def a_run(**fields: Any) -> Run:
    run = Run(id="r1", question="totals", model="root", sub_model="sub", context_names=["df_a"], status="final",
              answer=[1, 2], settings={"max_iterations": 5})
    run.iterations = [Iteration(index=0, reply="```repl\nx = 1\n```", cells=[CodeCell(code="x = 1")],
                                subcalls=[SubCall(id=1, kind="llm", model="sub", prompt="p", depth=1, iteration=0,
                                                  response="ok")])]
    run.usage = {"root": Usage(10, 2, 1, 0.1)}
    return dataclasses.replace(run, **fields)


def recording() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(a_run().to_json())
    return data


# -- 1. corrupted recordings ------------------------------------------------------------------------------------
def edited(change: Any) -> Any:
    data = recording()
    change(data)
    return data


CORRUPT: dict[str, tuple[str, str]] = {  # case: (file text, what the error must say)
    "a list": ("[]", "the top level: expected a JSON object (a Run), got a list"),
    "null": ("null", "the top level: expected a JSON object (a Run), got null"),
    "an empty object": ("{}", "id: missing"),
    "an empty file": ("", "the file is empty"),
    "invalid JSON": ('{"id": "r1", ', "invalid JSON"),
    "an unknown field": (json.dumps(edited(lambda d: d.update(colour="red"))), "colour: unknown field of a Run"),
    "a status that is none": (json.dumps(edited(lambda d: d.update(status="done"))), "status: expected one of"),
    "a string for a number": (json.dumps(edited(lambda d: d["iterations"][0].update(index="0"))),
                              "iterations[0].index: expected a whole number, got a string ('0')"),
    "a number for code": (json.dumps(edited(lambda d: d["iterations"][0]["cells"][0].update(code=3))),
                          "iterations[0].cells[0].code: expected a string, got a number (3)"),
    "iterations not a list": (json.dumps(edited(lambda d: d.update(iterations={}))),
                              "iterations: expected a list, got a JSON object"),
    "a bad sub-call kind": (json.dumps(edited(lambda d: d["iterations"][0]["subcalls"][0].update(kind="x"))),
                            "iterations[0].subcalls[0].kind: expected one of 'llm', 'rlm'"),
    "a boolean for calls": (json.dumps(edited(lambda d: d["usage"]["root"].update(calls=True))),
                            "usage['root'].calls: expected a whole number, got true"),
    "a malformed child run": (json.dumps(edited(lambda d: d["iterations"][0]["subcalls"][0].update(
        child={"id": "c", "question": "q", "model": "m"}))), "iterations[0].subcalls[0].child.sub_model: missing"),
    "an answer that cannot be decoded": (json.dumps(edited(lambda d: d.update(answer={"kind": "dataframe"}))),
                                         "answer: cannot be decoded"),
    "a missing required field": (json.dumps(edited(lambda d: d.pop("question"))), "question: missing"),
}


@pytest.mark.parametrize("case", list(CORRUPT))
def test_a_corrupted_recording_is_one_line_naming_the_file_the_field_and_the_fix(tmp_path: Path, case: str) -> None:
    text, problem = CORRUPT[case]
    path = tmp_path / "rec.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError) as caught:
        Run.load(path)
    message = one_line(caught.value)
    assert message.startswith(f"{path}: not a recording: ") and message.endswith("; record one with --record PATH")
    assert problem in message
    with pytest.raises(ValueError, match="not a recording"):  # and so is --replay PATH (the magic: a UsageError)
        find_recording(str(path), "totals", ["df_a"], [], {})


def test_a_binary_file_is_not_a_recording(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ValueError) as caught:
        Run.load(path)
    assert "not a recording: not UTF-8 text" in one_line(caught.value)


def test_records_of_older_versions_still_load() -> None:
    """Fields added later are missing from older records (their defaults apply); retired keys are accepted."""
    oldest = {"id": "r", "question": "q", "model": "m", "sub_model": "s", "status": "final",
              "limits": {"max_iterations": 7}, "parent_id": None, "root_prompt_chars": 1234, "cost_usd": 0.0,
              "answer": {"kind": "json", "value": 3},
              "iterations": [{"index": 0, "reply": "FINAL(3)", "cells": [{"code": "1"}],
                              "subcalls": [{"id": 1, "kind": "llm", "model": "s", "prompt": "p", "depth": 1,
                                            "iteration": 0}]}],
              "usage": {"m": {"prompt_tokens": 1, "completion_tokens": 1, "calls": 1, "cost_usd": None}}}
    run = Run.from_dict(oldest)
    assert (run.answer, run.settings_used().max_iterations, run.iterations[0].cells[0].created) == (3, 7, None)
    assert run.iterations[0].subcalls[0].cell is None and run.usage["m"].cost_sources == {}


def test_a_round_trip_still_validates() -> None:
    back = Run.from_json(a_run(answer={"a": [1.5, None]}).to_json())
    assert back == a_run(answer={"a": [1.5, None]})


def saved_notebook(path: Path, *trajectories: Any) -> Path:
    cells = [nbformat.v4.new_code_cell(f"# run {i}", outputs=[nbformat.v4.new_output(
        "display_data", data={"text/plain": "RLM"}, metadata={METADATA_KEY: {"trajectory": t}})])
        for i, t in enumerate(trajectories)]
    nbformat.write(nbformat.v4.new_notebook(cells=cells), path)
    return path


def test_a_malformed_trajectory_in_the_notebook_names_the_notebook_and_the_cell(tmp_path: Path) -> None:
    broken = edited(lambda d: d["iterations"][0].update(reply=None))
    notebook = saved_notebook(tmp_path / "n.ipynb", recording(), broken)
    with pytest.raises(ValueError) as caught:
        find_recording("", "totals", ["df_a"], [], {"__session__": str(notebook)})
    message = one_line(caught.value)
    assert message.startswith(f"{notebook}::Cell 1: not a recording: iterations[0].reply: expected a string, got null")
    with pytest.raises(ValueError, match="Cell 1"):
        list(runs_in_notebook(notebook))


def test_a_malformed_trajectory_of_another_question_does_not_stop_a_replay(tmp_path: Path) -> None:
    other = edited(lambda d: d.update(question="something else", status=7))
    notebook = saved_notebook(tmp_path / "n.ipynb", recording(), other)
    assert find_recording("", "totals", ["df_a"], [], {"__session__": str(notebook)}).id == "r1"


def test_a_notebook_that_is_not_json_is_one_line(tmp_path: Path) -> None:
    notebook = tmp_path / "n.ipynb"
    notebook.write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError) as caught:
        find_recording("", "totals", ["df_a"], [], {"__session__": str(notebook)})
    assert "cannot read the saved notebook" in one_line(caught.value)


# -- 2. --record PATH ---------------------------------------------------------------------------------------------
def record_args(path: Path | str) -> Any:
    return RLMMagics.rlm.parser.parse_intermixed_args(split_line(f'df "q" --record {path}'))


def test_the_record_file_is_created_exclusively_before_the_run_and_filled_at_its_end(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    target = RecordTarget(str(path))
    assert path.exists() and path.read_text() == ""  # reserved: nobody else can create it meanwhile
    with pytest.raises(FileExistsError):
        open(path, "x").close()
    target.write(a_run())
    assert Run.load(path) == a_run()
    target.discard()  # after the write: keeps the record
    assert path.exists()


def test_a_run_that_fails_leaves_no_empty_record_behind(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    RecordTarget(str(path)).discard()
    assert list(tmp_path.iterdir()) == []


def test_a_record_file_that_appeared_after_the_check_is_refused_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    check_run_options(record_args(path))  # passes: nothing there yet
    path.write_text("someone else's", encoding="utf-8")
    with pytest.raises(ValueError) as caught:
        RecordTarget(str(path))
    assert "exists; choose a new path or delete it" in one_line(caught.value)
    assert path.read_text(encoding="utf-8") == "someone else's"


@pytest.mark.parametrize("where, message", [
    ("a-folder", "is a folder; name a file in it"),
    ("missing/rec.json", "does not exist; create it first"),
])
def test_record_paths_that_cannot_be_written_are_refused_up_front(tmp_path: Path, where: str, message: str) -> None:
    (tmp_path / "a-folder").mkdir()
    with pytest.raises(UsageError) as caught:
        check_run_options(record_args(tmp_path / where))
    assert message in one_line(caught.value)


@pytest.mark.skipif(AS_ROOT, reason="root may write into a read-only folder, so the case cannot fail")
def test_a_record_in_a_folder_without_permission_is_refused_up_front(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    try:
        with pytest.raises(ValueError) as caught:
            RecordTarget(str(locked / "rec.json"))
        assert "cannot create it (Permission denied)" in one_line(caught.value)
    finally:
        locked.chmod(0o700)


def test_a_record_target_that_is_a_folder_cannot_be_created(tmp_path: Path) -> None:
    """The exclusive open is the last guard: whatever check_run_options missed fails before any call."""
    with pytest.raises(ValueError) as caught:
        RecordTarget(str(tmp_path))
    assert f"--record {tmp_path}" in one_line(caught.value)


# -- 3. numeric settings in range ---------------------------------------------------------------------------------
NUMERIC = [f for f in dataclasses.fields(Settings) if f.name in _NUMBERS]


def test_every_numeric_setting_is_range_checked() -> None:
    """Found from the field types: a new numeric field is checked without an edit to the checks."""
    assert {f.name for f in NUMERIC} >= {"max_iterations", "max_depth", "max_subcalls", "max_tokens", "budget_usd",
                                          "timeout_s", "cell_timeout_s", "concurrency", "max_output_chars",
                                          "request_timeout_s", "max_retries", "history_chars"}
    for spec in NUMERIC:
        bounds = spec.metadata["bounds"] or POSITIVE
        for bad in (bounds.low - 1, math.inf, bounds.high * 2 if bounds.high != math.inf else math.nan):
            with pytest.raises(ValueError) as caught:
                dataclasses.replace(DEFAULTS, **{spec.name: bad})
            message = one_line(caught.value)
            assert message.startswith(f"{spec.name} must be {bounds.text()}") and f"got {bad!r}" in message


@pytest.mark.parametrize("name", [f.name for f in dataclasses.fields(Settings) if f.name.endswith("_s")])
def test_time_limits_are_finite_and_at_most_a_day(name: str) -> None:
    bounds = next(f for f in NUMERIC if f.name == name).metadata["bounds"]
    assert bounds is not None and bounds.high == 86_400 and bounds.why  # says why
    dataclasses.replace(DEFAULTS, **{name: 86_400})  # a day is allowed


def test_a_huge_cell_timeout_is_refused_when_the_settings_are_built() -> None:
    with pytest.raises(ValueError) as caught:
        RLM(model="m", base_url="http://127.0.0.1:9/v1", api_key="k", cell_timeout_s=1e10)
    message = one_line(caught.value)
    assert "cell_timeout_s must be > 0 and <= 86400, got 10000000000.0; pass None for no limit" in message
    assert "signal.setitimer" in message


def test_none_still_means_no_limit() -> None:
    settings = dataclasses.replace(DEFAULTS, timeout_s=None, cell_timeout_s=None, budget_usd=None, max_tokens=None)
    assert settings.cell_timeout_s is None


@pytest.mark.parametrize("changes, message", [
    ({"concurrency": 100_000}, "concurrency must be >= 1 and <= 1024, got 100000"),
    ({"max_retries": -1}, "max_retries must be >= 0, got -1"),
    ({"request_timeout_s": None}, "request_timeout_s must be > 0 and <= 86400 (a number), got None"),
])
def test_counts_and_required_limits(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as caught:
        dataclasses.replace(DEFAULTS, **changes)
    assert message in one_line(caught.value)


# -- 4. an unusable cache folder ----------------------------------------------------------------------------------
FIX = "set %config RLMMagics.cache_dir to a writable folder or turn the cache off with --no-cache"


@pytest.mark.parametrize("case, reason", [
    ("a file", "is a file, not a folder"),
    ("below a file", "cannot be created (Not a directory)"),
    ("a database that is not one", "cannot write the cache there (file is not a database)"),
])
def test_an_unusable_cache_folder_is_one_line(tmp_path: Path, case: str, reason: str) -> None:
    (tmp_path / "a-file").write_text("x")
    (tmp_path / "bad-db").mkdir()
    (tmp_path / "bad-db" / "responses.sqlite").write_text("this is not sqlite" * 100)
    folder = {"a file": tmp_path / "a-file", "below a file": tmp_path / "a-file" / "cache",
              "a database that is not one": tmp_path / "bad-db"}[case]
    with pytest.raises(ValueError) as caught:
        open_cache(folder)
    message = one_line(caught.value)
    assert message.startswith(f"cache_dir {folder}: {reason}; ") and FIX in message
    with pytest.raises(ValueError, match="cache_dir"):  # the engine opens it when it is built
        RLM(model="m", base_url="http://127.0.0.1:9/v1", api_key="k", cache_dir=str(folder))


@pytest.mark.skipif(AS_ROOT, reason="root may write into a read-only folder, so the case cannot fail")
def test_a_read_only_cache_folder_is_refused_when_opened(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir(mode=0o500)
    try:
        with pytest.raises(ValueError, match="is not writable"):
            open_cache(folder)
    finally:
        folder.chmod(0o700)


# -- 5. splitting the line in linear time -------------------------------------------------------------------------
TRICKY = [
    "", "   ", "df", 'df "a question"', "df 'single quoted'", 'df "it\'s"', "df 'say \"hi\"'", r'df "a \"b\" c"',
    r"df a\ b", r'df "back\\slash"', r'df "keep \n as is"', r"df 'no \escapes here'", 'df ""', "df ''",
    'a"b c"d', "a'b'c", '"x"\'y\'z', "tabs\tand\nnewlines\r\nhere", "df \"multi\nline\"", r"df \"quoted\"",
    r"df \\", "df -o out --max-iterations 3 \"q\"", "unicode é ü 東京 \"引用 符\"", "df \x0cform-feed",
    "df #not-a-comment", r'"\a\b\"\\"', "x 'a''b' \"c\"\"d\"",
]


@pytest.mark.parametrize("line", TRICKY)
def test_split_line_gives_the_words_shlex_gives(line: str) -> None:
    assert split_line(line) == shlex.split(line)


def test_split_line_agrees_with_shlex_on_random_lines() -> None:
    rng = random.Random(14)
    alphabet = ["a", "b", " ", "\t", "\n", "'", '"', "\\", "é", "-"]
    for _ in range(20_000):
        line = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 10)))
        try:
            expected: list[str] | None = shlex.split(line)
        except ValueError:
            expected = None
        try:
            got: list[str] | None = split_line(line)
        except UsageError:
            got = None
        assert got == expected, line


@pytest.mark.parametrize("line", ['df "unclosed', "df 'unclosed", "df trailing\\", 'df "a" "b'])
def test_an_unclosed_quote_is_one_line(line: str) -> None:
    with pytest.raises(ValueError):  # shlex refuses it too
        shlex.split(line)
    with pytest.raises(UsageError) as caught:
        split_line(line)
    assert one_line(caught.value).endswith("; close your quotes")


def test_a_million_character_question_splits_in_linear_time() -> None:
    question = "why " * 250_000  # 1M characters; shlex.split took 20+ s on this
    started = time.perf_counter()
    words = split_line(f'df "{question}" --quiet')
    elapsed = time.perf_counter() - started
    assert words == ["df", question, "--quiet"]
    assert elapsed < 5, f"split_line took {elapsed:.1f} s on a 1M-character question"


# -- 7. a replay over other variables ------------------------------------------------------------------------------
def test_a_replay_over_other_names_is_refused_with_the_reason(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    a_run().save(path)
    with pytest.raises(LookupError) as caught:
        find_recording(str(path), "totals", ["df_b"], [], {})
    message = one_line(caught.value)
    assert "the recording was made over df_a, not df_b" in message and "df_a = df_b" in message


def test_a_replay_over_the_same_names_in_another_order_is_fine(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    a_run(context_names=["a", "b"]).save(path)
    assert find_recording(str(path), "totals", ["b", "a"], [], {}).id == "r1"


# -- 8. an unquoted question ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("line, quoted, message", [
    ("df cohort retention by month", False,
     """'cohort' is not a variable in this kernel; if it is part of the question, quote the question: """
     """%rlm df "cohort retention by month\""""),
    ("cohort retention by month", False, '''quote the question: %rlm "cohort retention by month"'''),
    ("df cohort month", False, '''quote the question: %rlm df "cohort month"'''),
    ('df says hello "why"', True, '''%rlm df "says hello why"'''),  # two loose words, even with quotes
])
def test_an_unquoted_question_is_told_to_be_quoted(line: str, quoted: bool, message: str) -> None:
    with pytest.raises(UsageError) as caught:
        split_question(split_line(line), None, {"df"}, quoted=quoted)
    assert message in one_line(caught.value)


@pytest.mark.parametrize("line", ['df_typo "q"', 'df "one"', 'df "a real question"', 'df typo "a real question"'])
def test_a_quoted_question_is_not_taken_for_an_unquoted_one(line: str) -> None:
    names, question = split_question(split_line(line), None, {"df"}, quoted=True)
    assert [*names, question] == split_line(line)  # an undefined name stays for the lookup's "did you mean"


def test_a_lone_stray_word_is_left_to_the_lookup() -> None:
    """``%rlm cache bogus`` is a mistyped subcommand more likely than a question: the lookup says so."""
    assert split_question(["cache", "bogus"], None, set(), quoted=False) == (["cache"], "bogus")
