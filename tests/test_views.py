"""What the model's code is given for the user's objects (engine/safety/views.py), through the engine and a real kernel.

Each in-place change a model writes (``df['c'] = ...``, ``drop(inplace=True)``, ``records.append``, ``arr[:] = 0``)
must leave the user's object equal to a deep copy taken before the run; what no view protects is detected and
said; the answers, ``--share`` and ``--continue`` work on the model's views; and the views copy no data.
"""
from __future__ import annotations

import copy
import logging
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from rlm_jupyter import RLM, Run
from rlm_jupyter.engine.safety.views import COPY_LIMIT, Views, fingerprint, protection
from rlm_jupyter.jupyter.report import run_html, run_text
from rlm_jupyter.testing import FakeLLMServer, Scripted
from rlm_jupyter.testing.kernel import KernelSession

from .scripted import ROOT, Engine, assert_final, engine, fence, last_user

__all__ = ["engine"]  # the fixture, imported for pytest

ROOT_DIR = Path(__file__).resolve().parent.parent
# pandas 3.1 deprecates ``inplace``; a model still writes it, and in this process pytest turns warnings into errors.
INPLACE_DEPRECATED = "ignore:The inplace keyword:DeprecationWarning"


def orders() -> pd.DataFrame:
    return pd.DataFrame({"a": [3, 1, 2], "name": [" ann", "bob ", None], "amount": [10.0, 20.0, 30.0]})


class Settings:  # a class of the user's own (this file is theirs, not an installed package's)
    def __init__(self) -> None:
        self.a, self.b, self.c = 1, [1], "x"


def equal(a: Any, b: Any) -> bool:
    """Deep equality for frames, arrays and plain data alike."""
    if isinstance(a, pd.DataFrame):
        return bool(a.equals(b) and list(a.columns) == list(b.columns))
    if isinstance(a, np.ndarray):
        return bool(np.array_equal(a, b))
    return bool(a == b)


# -- what each object is given as -------------------------------------------------------------------------------------
def test_each_type_gets_its_protection() -> None:
    df, arr, text = orders(), np.arange(4), "x" * 100
    kinds = {name: protection(obj)[0] for name, obj in {
        "frame": df, "series": df["a"], "array": arr, "list": [1], "dict": {"x": 1}, "set": {1}, "text": text,
        "number": 3, "tuple": (1, ("a", 2.0)), "tuple_of_lists": ([1],), "big": list(range(COPY_LIMIT + 1)),
        "bytes": bytearray(b"ab"), "mine": Settings(), "module": np, "function": len, "class": Settings,
        "index": df.index, "logger": logging.getLogger("x"),
    }.items()}
    assert kinds == {
        "frame": "copy-on-write view", "series": "copy-on-write view", "array": "read-only view",
        "list": "shallow copy", "dict": "shallow copy", "set": "shallow copy", "text": "as is", "number": "as is",
        "tuple": "as is", "tuple_of_lists": "watched", "big": "watched", "bytes": "watched", "mine": "watched",
        "module": "as is", "function": "as is", "class": "as is", "index": "as is",
        "logger": "unprotected",  # a library's object: its caches change when it is used; neither protected nor watched
    }


def test_views_share_the_data_and_a_write_stays_in_the_view() -> None:
    df, arr = orders(), np.arange(4)
    view = protection(df)[1]
    assert isinstance(view, pd.DataFrame) and view is not df
    assert np.shares_memory(view["amount"].to_numpy(), df["amount"].to_numpy())  # no data copied
    view.loc[0, "amount"] = 99.0
    assert df.loc[0, "amount"] == 10.0
    frozen = protection(arr)[1]
    assert isinstance(frozen, np.ndarray) and np.shares_memory(frozen, arr)
    with pytest.raises(ValueError, match="assignment destination is read-only"):
        frozen[:] = 0


@pytest.mark.parametrize("lazy", ["polars", "pyarrow"])
def test_lazy_and_immutable_tables_are_given_as_they_are(lazy: str) -> None:
    module = pytest.importorskip(lazy)
    table = module.DataFrame({"a": [1]}) if lazy == "polars" else module.table({"a": [1]})
    assert protection(table) == ("as is", table)


def test_one_object_under_two_names_gets_one_view() -> None:
    df = orders()
    views = Views()
    assert views.protect("df", df) is views.protect("df_orders", df)  # the context variable and the binding
    assert views.source("df_orders") is df and views.kinds() == {"df": "copy-on-write view",
                                                                   "df_orders": "copy-on-write view"}


# -- fingerprints: the words for what changed -------------------------------------------------------------------------
@dataclass(frozen=True)
class Change:
    make: Callable[[], Any]
    change: Callable[[Any], object]
    words: str


CHANGES = {
    "appended": Change(lambda: [1, 2], lambda o: o.extend([3, 4, 5]), "3 items appended"),
    "removed": Change(lambda: [1, 2, 3], lambda o: o.pop(), "1 item removed"),
    "replaced": Change(lambda: [1, 2, 3], lambda o: o.__setitem__(1, 20), "1 item replaced"),
    "reordered": Change(lambda: [3, 1, 2], lambda o: o.sort(), "items reordered"),
    "nested": Change(lambda: [{"q": 1}], lambda o: o[0].__setitem__("q", 2), "contents changed"),
    "keys added": Change(lambda: {"a": 1}, lambda o: o.update(x=1, y=2), "2 keys added (x, y)"),
    "key removed": Change(lambda: {"a": 1, "z": 2}, lambda o: o.pop("z"), "1 key removed (z)"),
    "value replaced": Change(lambda: {"a": 1}, lambda o: o.__setitem__("a", 5), "1 value replaced (a)"),
    "attributes": Change(Settings, lambda o: (setattr(o, "a", 2), setattr(o, "b", [])), "attributes changed (a, b)"),
    "attribute contents": Change(Settings, lambda o: o.b.append(2), "contents changed"),
    "set": Change(lambda: {1, 2}, lambda o: o.add(3), "1 item added"),
    "bytes": Change(lambda: bytearray(b"ab"), lambda o: o.extend(b"cd"), "2 bytes added"),
    "bytes contents": Change(lambda: bytearray(b"ab"), lambda o: o.__setitem__(0, 65), "contents changed"),
    "big list": Change(lambda: list(range(COPY_LIMIT * 2)), lambda o: o.extend("abc"), "3 items appended"),
    "big dict": Change(lambda: dict.fromkeys(range(COPY_LIMIT * 2)), lambda o: o.update(x=1, y=2),
                       "2 keys added (x, y)"),
}


@pytest.mark.parametrize("case", list(CHANGES))
def test_a_fingerprint_says_what_changed(case: str) -> None:
    spec = CHANGES[case]
    obj = spec.make()
    before = fingerprint(obj)
    assert before.change_to(fingerprint(obj)) is None  # nothing changed: nothing said
    spec.change(obj)
    assert before.change_to(fingerprint(obj)) == spec.words


def test_the_context_variables_are_digested_first_and_the_rest_within_a_budget() -> None:
    views = Views()
    others = {f"list{i}": [[j] for j in range(COPY_LIMIT)] for i in range(20)}  # 20,000 objects each
    for name, obj in others.items():
        views.protect(name, obj)
    records = [{"id": 1}]
    given = views.protect_context({"records": records})
    views.snapshot()  # the budget is spent on records first, then on the first lists; the rest: structure only
    records[0]["id"] = 2
    others["list19"][0].append(1)  # past the budget: not seen
    others["list18"].append([0])  # its structure still is
    assert views.changes(given, None).in_place == ["model code changed `records` in place: contents changed",
                                                   "model code changed `list18` in place: 1 item appended"]


def test_a_users_frame_inside_a_dict_gets_its_view_too() -> None:
    """A dict of tables is common: the frames and arrays in a shallow copy are given as views (one per object,
    whatever its names), so editing one through the dict changes the model's view, never the user's frame."""
    df, arr = orders(), np.arange(3)
    views = Views()
    given = {"df": views.protect("df", df), "config": views.protect("config", {"data": df, "arr": arr, "n": 1})}
    views.snapshot()
    assert given["config"]["data"] is given["df"] and given["config"]["n"] == 1
    given["config"]["data"]["c"] = 1
    with pytest.raises(ValueError, match="read-only"):
        given["config"]["arr"][0] = 5
    changes = views.changes(given, None)
    assert "c" not in df and list(arr) == [0, 1, 2] and changes.in_place == []
    assert changes.copies == [
        "your `df` is unchanged; the changed copy is in `rlm_run.namespace['df']`: 1 column added (c)",
        "your `config` is unchanged; the changed copy is in `rlm_run.namespace['config']`: ['data']: 1 column added (c)"]


# -- through the engine: the user's objects stay as they were ---------------------------------------------------------
def user_objects() -> dict[str, Any]:
    return {"df": orders(), "records": [{"id": 1}, {"id": 2}], "config": {"db": "prod"}, "arr": np.arange(5)}


MUTATIONS = {  # model code, and the name it changes; in this order, one after the other, they all run too
    "new column": ("df['c'] = df['a'] * 2", "df"),
    "sort inplace": ("df.sort_values('a', inplace=True)", "df"),
    "loc assignment": ("df.loc[df.a > 1, 'amount'] = 0.0", "df"),
    "drop inplace": ("df.drop(columns='a', inplace=True)", "df"),
    "append": ("records.append({'id': 3})", "records"),
    "key": ("config['x'] = 1", "config"),
}


@pytest.mark.filterwarnings(INPLACE_DEPRECATED)
@pytest.mark.parametrize("mutation", list(MUTATIONS))
def test_an_in_place_change_in_model_code_leaves_the_users_object_as_it_was(engine: Engine, mutation: str) -> None:
    code, name = MUTATIONS[mutation]
    user = user_objects()
    before = copy.deepcopy(user)
    run = engine.run([fence(f"{code}\nprint(len({name}))"), f"FINAL_VAR({name})"], user)
    assert_final(run)
    assert "Error" not in last_user(engine.server, 1)  # the change ran, in the model's view
    assert all(equal(user[k], before[k]) for k in user)
    assert not equal(run.answer, before[name])  # the answer is the changed copy
    assert run.changed_in_place == []
    assert run.changed_copies and run.changed_copies[0].startswith(f"your `{name}` is unchanged; "
                                                                   "the changed copy is the answer: ")


def test_a_write_to_an_array_raises_in_model_code_and_the_array_is_unchanged(engine: Engine) -> None:
    arr = np.arange(5)
    run = engine.run([fence("arr[:] = 0"), fence("arr = arr.copy()\narr[:] = 0\nprint(arr.sum())"), "FINAL_VAR(arr)"],
                     {"arr": arr})
    assert_final(run)
    assert "ValueError: assignment destination is read-only" in last_user(engine.server, 1)
    assert list(arr) == [0, 1, 2, 3, 4] and list(run.answer) == [0, 0, 0, 0, 0]  # its own copy, as the error says


# -- what cannot be protected is detected, recorded and reported ------------------------------------------------------
def test_a_change_no_view_protects_is_recorded_and_reported(engine: Engine) -> None:
    records = [{"id": i} for i in range(COPY_LIMIT + 1)]  # too big to copy: given as it is, watched
    config = {"db": {"host": "prod"}}  # a shallow copy: the dict inside it is still the user's
    code = "records.extend([{'id': -1}] * 3)\nconfig['db']['host'] = 'test'\nprint(len(records))"
    run = engine.run([fence(code), 'FINAL("done")'], {"records": records, "config": config})
    assert_final(run)
    assert run.changed_in_place == ["model code changed `records` in place: 3 items appended",
                                    "model code changed `config` in place: contents changed"]
    text, html = run_text(run), run_html(run)
    assert "changed in place: model code changed `records` in place: 3 items appended" in text
    assert "changed in place</th>" in html and "model code changed `records` in place: 3 items appended" in html
    assert Run.from_json(run.to_json()).changed_in_place == run.changed_in_place  # on the record


def test_a_run_that_changes_nothing_says_nothing(engine: Engine) -> None:
    run = engine.run([fence("print(len(records), df.shape)"), 'FINAL("done")'],
                     {"records": [1, 2], "df": orders(), "mine": Settings()})
    assert_final(run)
    assert (run.changed_in_place, run.changed_copies) == ([], [])
    assert "changed in place" not in run_text(run) and "changed cop" not in run_html(run)


@pytest.mark.filterwarnings(INPLACE_DEPRECATED)
def test_clean_this_frame_answers_with_the_cleaned_copy(engine: Engine) -> None:
    df = orders()
    before = df.copy(deep=True)
    code = "df.dropna(inplace=True)\ndf['name'] = df['name'].str.strip()\nprint(df)"
    run = engine.run([fence(code), "FINAL_VAR(df)"], {"df": df}, question="clean this frame")
    assert_final(run)
    assert list(run.answer["name"]) == ["ann", "bob"]
    pd.testing.assert_frame_equal(df, before)
    assert run.changed_copies == ["your `df` is unchanged; the changed copy is the answer: 1 row removed"]
    assert "changed copy: your `df` is unchanged; the changed copy is the answer" in run_text(run)


def test_a_changed_copy_that_is_not_the_answer_is_in_the_runs_namespace(engine: Engine) -> None:
    run = engine.run([fence("df['c'] = 1\ntotal = int(df['a'].sum())\nprint(total)"), "FINAL_VAR(total)"],
                     {"df": orders()})
    assert_final(run)
    assert run.changed_copies == ["your `df` is unchanged; the changed copy is in `rlm_run.namespace['df']`: "
                                  "1 column added (c)"]


def test_a_view_the_model_rebound_says_nothing(engine: Engine) -> None:
    run = engine.run([fence("df = df.dropna()\nprint(len(df))"), "FINAL_VAR(df)"], {"df": orders()})
    assert_final(run)
    assert (run.changed_in_place, run.changed_copies) == ([], [])


# -- zero copy ---------------------------------------------------------------------------------------------------------
def test_a_context_the_model_only_reads_is_never_copied(engine: Engine) -> None:
    df, text = orders(), "x" * 40_000_000
    run = engine.run([fence("print(df.shape, len(text))"), 'FINAL("done")'], {"df": df, "text": text})
    assert_final(run)
    assert run.namespace is not None
    assert np.shares_memory(run.namespace["df"]["amount"].to_numpy(), df["amount"].to_numpy())
    assert run.namespace["text"] is text


# -- the engine API continues on the model's views ---------------------------------------------------------------------
def test_a_follow_up_sees_the_models_change_and_the_user_does_not(fake_llm: FakeLLMServer) -> None:
    fake_llm.models[ROOT] = Scripted([fence("df['cohort'] = df['a'] % 2\nprint(df.shape)"), 'FINAL("done")',
                                      fence("n = int(df['cohort'].sum())\nprint(n)"), "FINAL_VAR(n)"])
    df = orders()
    with RLM(model=ROOT, base_url=fake_llm.base_url, api_key="k") as rlm:
        first = rlm.run("add a cohort column", {"df": df})
        second = rlm.run("how many in cohort 1?", {"df": df}, continue_from=first)
    assert_final(second)
    assert second.answer == 2 and "cohort" not in df.columns
    assert second.views is first.views and first.views is not None


# -- views that could be written after all (issue 37) ----------------------------------------------------------------
WRITABLE_AFTER_ALL = {  # what a model writes on its own after "assignment destination is read-only"
    "setflags on a column's to_numpy()": (
        "values = df['amount'].to_numpy()\nvalues.setflags(write=True)\nvalues[0] = -1.0",
        ["model code changed `df` in place: values changed (amount)"]),
    "flags.writeable on np.asarray(series), sorted in place": (
        "import numpy as np\nvalues = np.asarray(df['a'])\nvalues.flags.writeable = True\nvalues.sort()",
        ["model code changed `df` in place: values changed (a)"]),
    "a frame in a dict, through to_numpy()": (
        "values = tables['orders']['amount'].to_numpy()\nvalues.flags.writeable = True\nvalues[:] = 0.0",
        ["model code changed `tables['orders']` in place: values changed (amount)"]),
    "setflags on an array context": ("arr.setflags(write=True)\narr[0] = 99", []),
    "flags.writeable on an array context": ("arr.flags.writeable = True\narr[0] = 99", []),
    "an array context written through its .base": ("arr.base[0] = 99", []),
    "an array context's .base as an array": ("import numpy as np\nnp.asarray(arr.base)[0] = 99", []),
    "a frame in a dict edited with .loc": ("tables['orders'].loc[0, 'amount'] = 0.0\nprint(tables['orders'].amount.sum())",
                                           []),
}


@pytest.mark.parametrize("route", list(WRITABLE_AFTER_ALL))
def test_a_view_made_writable_again_is_refused_or_detected(engine: Engine, route: str) -> None:
    """Each route leaves the user's object unchanged (an array view over read-only memory cannot be made writeable
    again; a frame inside a dict gets a view too), or, where pandas hands out its own memory, the run's record and
    report name the change."""
    code, changed = WRITABLE_AFTER_ALL[route]
    user = {"df": orders(), "arr": np.arange(5), "tables": {"orders": orders()}}
    before = copy.deepcopy(user)
    run = engine.run([fence(code), 'FINAL("done")'], user, acceptance="off")
    assert_final(run)
    assert run.changed_in_place == changed
    if changed:
        assert f"changed in place: {changed[0]}" in run_text(run) and "changed in place</th>" in run_html(run)
    else:
        assert equal(user["df"], before["df"]) and equal(user["arr"], before["arr"])
        assert equal(user["tables"]["orders"], before["tables"]["orders"])
    if "array context" in route:
        assert re.search(r"ValueError: cannot set WRITEABLE flag|read-only|does not support item assignment|"
                         r"object has no attribute", last_user(engine.server, 1)), last_user(engine.server, 1)


def test_memory_past_the_budget_is_sampled_and_a_column_rewritten_is_still_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    """Above the run's budget for reading whole (memory_digest.WHOLE_BYTES) a frame's memory is sampled: a column
    rewritten in place is seen, a single cell between the samples is not (docs/security.md says so)."""
    from rlm_jupyter.engine.safety import memory_digest

    monkeypatch.setattr(memory_digest, "WHOLE_BYTES", 1 << 20)
    big = pd.DataFrame({"x": np.arange(2_000_000, dtype=np.int64), "y": np.zeros(2_000_000)})  # 32 MB
    views = Views()
    given = views.protect_context({"big": big})
    views.snapshot()
    values = given["big"]["x"].to_numpy()
    values.flags.writeable = True
    values[1_000_003] = -1  # between two samples
    assert views.changes(given, None).in_place == []
    values[:] = 7
    assert views.changes(given, None).in_place == ["model code changed `big` in place: values changed (x)"]


# -- pandas 3 --------------------------------------------------------------------------------------------------------
def test_pandas_3_is_required_and_installed() -> None:
    """pandas 2's copy-on-write is a kernel-wide option: our views could only be deep copies there."""
    project = tomllib.loads((ROOT_DIR / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    [spec] = [d for d in project["dependencies"] if re.match(r"pandas\b", d)]
    assert spec.replace(" ", "") == "pandas>=3"
    assert int(pd.__version__.split(".")[0]) >= 3


# -- through a real kernel --------------------------------------------------------------------------------------------
KERNEL_DATA = """
import copy
import numpy as np
import pandas as pd
df = pd.DataFrame({"a": [3, 1, 2], "name": [" ann", "bob ", None], "amount": [10.0, 20.0, 30.0]})
records = [{"id": 1}, {"id": 2}]
config = {"db": "prod"}
arr = np.arange(5)
before = copy.deepcopy((df, records, config, arr))
"""
UNCHANGED = ("df.equals(before[0]) and list(df.columns) == list(before[0].columns) and records == before[1] "
             "and config == before[2] and (arr == before[3]).all()")


def report_text(execution: Any) -> str:
    return next(d["text/plain"] for d in execution.displayed if d.get("text/plain", "").startswith("RLM "))


def test_in_place_changes_in_a_kernel_leave_every_user_object_as_it_was(
        kernel: KernelSession, server: FakeLLMServer) -> None:
    blocks = [code for code, _ in MUTATIONS.values()] + ["arr[:] = 0"]
    server.models["root"] = Scripted(["".join(fence(code) + "\n" for code in blocks) + fence("print(df.shape)"),
                                      "FINAL_VAR(df)"])
    kernel.ok(KERNEL_DATA)
    run = kernel.ok('%rlm df records config arr "change everything" --model root')
    assert kernel.value(UNCHANGED) == "True"
    assert "ValueError: assignment destination is read-only" in server.requests[1].messages[-1]["content"]
    # every change ran, one after the other, in the model's view: sorted by a, amounts zeroed where a > 1, a dropped
    assert kernel.value("list(rlm_answer.columns), list(rlm_answer.index), list(rlm_answer.amount)") \
        == "['name', 'amount', 'c'] [1, 2, 0] [20.0, 0.0, 0.0]"
    text = report_text(run)
    assert "changed copy: your `df` is unchanged; the changed copy is the answer" in text
    assert "changed copy: your `records` is unchanged; the changed copy is in `rlm_run.namespace['records']`" in text
    assert kernel.value("rlm_run.namespace['config']") == "{'db': 'prod', 'x': 1}"


def test_a_change_to_a_users_object_outside_the_context_is_detected_in_a_kernel(
        kernel: KernelSession, server: FakeLLMServer) -> None:
    """Not a context variable, only bound in the kernel: the model's code still reaches it through the overlay."""
    server.models["root"] = Scripted([fence("log.extend(range(3))\nsettings.a = 2\nprint(len(notes))"),
                                      'FINAL("done")'])
    kernel.ok(f"class Settings:\n    a = 1\nsettings = Settings()\nsettings.a = 1\nlog = list(range({COPY_LIMIT + 5}))\n"
              "notes = 'some notes'")
    run = kernel.ok('%rlm notes "note it" --model root')
    assert kernel.value("len(log), settings.a") == f"{COPY_LIMIT + 8} 2"  # neither could be protected
    assert kernel.value("rlm_run.changed_in_place") == str([
        "model code changed `settings` in place: attributes changed (a)",
        "model code changed `log` in place: 3 items appended"])
    assert "changed in place: model code changed `log` in place: 3 items appended" in report_text(run)
    html = next(d["text/html"] for d in run.displayed if "text/html" in d)
    assert "changed in place" in html


def test_share_hands_back_what_the_model_made_and_not_its_changed_views(
        kernel: KernelSession, server: FakeLLMServer) -> None:
    server.models["root"] = Scripted([fence("df['c'] = 1\ncleaned = df.dropna()\nprint(len(cleaned))"),
                                      "FINAL_VAR(cleaned)"])
    kernel.ok(KERNEL_DATA)
    run = kernel.ok('%rlm df "clean it" --model root --share')
    assert "shared into your namespace: cleaned" in run.stdout
    assert "not shared (you already have these names): df\n" in run.stdout
    assert kernel.value(UNCHANGED + " and list(cleaned.columns) == ['a', 'name', 'amount', 'c']") == "True"


def test_a_follow_up_in_a_kernel_sees_the_models_earlier_change(kernel: KernelSession, server: FakeLLMServer) -> None:
    server.models["root"] = Scripted([fence("df['cohort'] = df['a'] % 2\nprint(df.shape)"), 'FINAL("added")'])
    # Scripted replies are indexed by the assistant turns in the request: a follow-up starts after the first run's.
    server.models["root2"] = Scripted(["(unused)", "(unused)", fence("n = int(df['cohort'].sum())\nprint(n)"),
                                       "FINAL_VAR(n)"])
    kernel.ok(KERNEL_DATA)
    kernel.ok('%rlm df "add a cohort column" --model root')
    kernel.ok('%rlm --continue --model root2 "how many in cohort 1?"')
    assert kernel.value("rlm_answer, 'cohort' in df.columns") == "2 False"
    kernel.ok("df = df.assign(a=[2, 4, 6])")  # the user rebinds it: a follow-up gets a view of the new frame
    server.models["root3"] = Scripted(["(unused)"] * 4 + [fence("print('cohort' in df.columns, int(df.a.sum()))"),
                                                          "FINAL_VAR(df)"])
    kernel.ok('%rlm --continue --model root3 "and now?"')
    assert "False 12" in server.requests[-1].messages[-1]["content"]


def test_views_made_writable_again_in_a_kernel(kernel: KernelSession, server: FakeLLMServer) -> None:
    """Through a kernel: the array context and the frame in a dict stay the user's; the column written through a
    view made writeable again is named in the report and the record."""
    code = ("try:\n    arr.flags.writeable = True\nexcept ValueError as exc:\n    print(exc)\n"
            "try:\n    arr.base[0] = 99\nexcept Exception as exc:\n    print(type(exc).__name__)\n"
            "tables['orders'].loc[0, 'amount'] = 0.0\n"
            "values = df['amount'].to_numpy()\nvalues.setflags(write=True)\nvalues[0] = -1.0\nprint('wrote')")
    server.models["root"] = Scripted([fence(code), 'FINAL("done")'])
    kernel.ok(KERNEL_DATA + "\ntables = {'orders': df.copy()}\n")
    run = kernel.ok('%rlm df arr tables "fix the data" --model root')
    assert "cannot set WRITEABLE flag" in server.requests[-1].messages[-1]["content"]
    assert kernel.value("arr.tolist(), tables['orders'].amount.tolist()") == "[0, 1, 2, 3, 4] [10.0, 20.0, 30.0]"
    assert kernel.value("rlm_run.changed_in_place") == "['model code changed `df` in place: values changed (amount)']"
    assert "changed in place: model code changed `df` in place: values changed (amount)" in report_text(run)


def test_text_in_an_object_column_written_through_its_array_is_detected(engine: Engine) -> None:
    """An ``object`` column's memory is references: a cell given another object changes them, and the digest reads
    them (as words, no copy); the user's frame is named in the record."""
    notes = pd.DataFrame({"note": pd.Series(["late", "on time", "late"], dtype=object), "n": [1, 2, 3]})
    code = "values = notes['note'].to_numpy()\nvalues.setflags(write=True)\nvalues[0] = 'rewritten'"
    run = engine.run([fence(code), 'FINAL("done")'], {"notes": notes}, acceptance="off")
    assert_final(run)
    assert notes.note[0] == "rewritten"  # the route works: pandas handed out its own memory
    assert run.changed_in_place == ["model code changed `notes` in place: values changed (note)"]
    untouched = pd.DataFrame({"note": pd.Series(["a", "b"], dtype=object)})
    quiet = engine.run([fence("print(notes.note.str.upper().tolist())"), 'FINAL("done")'], {"notes": untouched},
                       acceptance="off")
    assert quiet.changed_in_place == []
