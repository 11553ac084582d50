"""Other RLM dialects finish a run as ``FINAL`` in code does: the ``answer`` dict of the reference library's newer REPL
(``answer["content"] = ...; answer["ready"] = True``) and DSPy's ``SUBMIT(...)``, without ever taking either name
from a user, a context variable or the model's own variable.

Unit tests of ``engine/dialogue/helpers.py``; engine runs over HTTP to the bundled fake server; a real kernel for ``%rlm``.
"""
from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

from rlm_jupyter.engine.dialogue.helpers import (
    DIALECT_NAMES,
    DialectAnswer,
    FinalSlot,
    PrintedFinal,
    Submit,
    created_by,
    created_names,
    dialect_final,
    helpers,
    is_ours,
    model_variable,
)
from rlm_jupyter.jupyter.namespace import Overlay
from rlm_jupyter.testing import FakeLLMServer, Scripted
from rlm_jupyter.testing.kernel import KernelSession

from .scripted import ROOT, Engine, StubQueries, assert_final, engine, fence, last_user

__all__ = ["engine"]  # the fixture, re-exported for pytest


def install(namespace: dict[str, Any], final: FinalSlot | None = None) -> FinalSlot:
    """What the loop does before every turn: the helpers into the namespace, bound to the run's slot."""
    final = final if final is not None else FinalSlot()
    final.given = False
    namespace.update(helpers(StubQueries(), final, namespace, frozenset(namespace)))
    return final


def run_block(namespace: dict[str, Any], final: FinalSlot, code: str) -> None:
    """One block as the loop runs it: executed in the namespace, then ``dialect_final``."""
    exec(code, namespace)  # the model's code, in the namespace, as the executor runs it
    dialect_final(namespace, final)


# -- the answer dict ---------------------------------------------------------------------------------------------
def test_a_free_namespace_gets_both_names() -> None:
    ns: dict[str, Any] = {}
    install(ns)
    assert set(DIALECT_NAMES) <= set(ns)
    assert ns["answer"] == {"content": "", "ready": False} and isinstance(ns["answer"], dict)
    assert isinstance(ns["SUBMIT"], Submit)


@pytest.mark.parametrize("code", [
    'answer["content"] = 42\nanswer["ready"] = True',
    'answer["ready"] = True\nanswer["content"] = 42',  # ready first: the content written after it is the answer
    'answer.update(content=42, ready=True)',
    'answer |= {"content": 42, "ready": True}',
    'answer["content"] = 42\nanswer.setdefault("ready", True)\nanswer["ready"] = 1',
])
def test_ready_gives_the_content(code: str) -> None:
    ns: dict[str, Any] = {}
    final = install(ns)
    run_block(ns, final, code)
    assert final.given and final.value == 42


def test_content_alone_gives_nothing_and_survives_the_next_turns_install() -> None:
    ns: dict[str, Any] = {}
    final = install(ns)
    answer = ns["answer"]
    run_block(ns, final, 'answer["content"] = "draft"')
    assert not final.given
    install(ns, final)  # the next turn
    assert ns["answer"] is answer and answer["content"] == "draft"  # half-filled: kept, not reset
    run_block(ns, final, 'answer["ready"] = True')
    assert final.given and final.value == "draft"


def test_a_refused_ready_answer_does_not_end_the_next_turn_by_itself() -> None:
    ns: dict[str, Any] = {}
    final = install(ns)
    run_block(ns, final, 'answer["content"] = 1\nanswer["ready"] = True')
    assert final.given  # ...and say the loop refused it: code had not read the data yet
    install(ns, final)
    assert ns["answer"] == {"content": 1, "ready": False}  # the protocol's REPL never shows it ready at a turn's start
    run_block(ns, final, 'answer["content"] = 2')  # a new draft
    assert not final.given
    run_block(ns, final, 'answer["ready"] = True')
    assert final.given and final.value == 2


def test_a_rebound_answer_dict_ends_the_run_and_is_adopted() -> None:
    ns: dict[str, Any] = {}
    final = install(ns)
    run_block(ns, final, 'answer = {"content": 42, "ready": True}')
    assert final.given and final.value == 42
    assert isinstance(ns["answer"], DialectAnswer) and ns["answer"] == {"content": 42, "ready": True}


def test_a_rebound_answer_not_yet_ready_ends_the_run_when_set_ready_later() -> None:
    ns: dict[str, Any] = {}
    final = install(ns)
    run_block(ns, final, 'answer = {"ready": False, "content": "partial"}')
    assert not final.given
    install(ns, final)
    run_block(ns, final, 'answer["content"] += " and whole"\nanswer["ready"] = True')
    assert final.given and final.value == "partial and whole"


@pytest.mark.parametrize("code", [
    'answer = {"content": 42, "ready": True, "source": "logs"}',  # not the protocol's dict: a variable of the model's
    'answer = "ready"',
    'answer = [42, True]',
    'answer = llm_query("what is it?")',
])
def test_the_models_own_answer_variable_is_left_alone(code: str) -> None:
    ns: dict[str, Any] = {}
    final = install(ns)
    run_block(ns, final, code)
    assert not final.given
    mine = ns["answer"]
    assert not isinstance(mine, DialectAnswer)
    install(ns, final)  # the next turn: ours is not put back over it
    assert ns["answer"] is mine
    assert "answer" in created_names(ns, frozenset()) and is_ours("answer", mine) is False
    ns["FINAL_VAR"]("answer")
    assert final.value is mine


def test_final_of_our_answer_gives_its_content_and_an_untouched_one_is_no_answer() -> None:
    ns: dict[str, Any] = {}
    final = install(ns)
    with pytest.raises(NameError, match="FINAL_VAR"):
        ns["FINAL_VAR"]("answer")  # as before the dialect existed: an unknown variable, with the usual advice
    with pytest.raises(NameError, match="'answer' is not defined"):
        ns["FINAL"](ns["answer"])
    assert not final.given
    ns["answer"]["content"] = [1, 2]
    ns["FINAL"](ns["answer"])
    assert final.value == [1, 2]
    ns["FINAL_VAR"]("answer")
    assert final.value == [1, 2]


def test_a_name_reads_as_a_variable_of_the_models_only_once_it_is_one() -> None:
    """``model_variable`` is how FINAL_VAR reads a name, in code and (through acceptance) written in the reply:
    before the model writes our ``answer``, ``FINAL(answer)`` must stay "no variable named answer", as it was."""
    ns: dict[str, Any] = {"rows": [1, 2]}
    install(ns)
    assert model_variable(ns, "rows") == (True, [1, 2])
    assert model_variable(ns, "missing") == (False, None)
    assert model_variable(ns, "answer") == (False, None)
    ns["answer"]["content"] = 7
    assert model_variable(ns, "answer") == (True, 7)
    ns["answer"] = None  # the model's own variable, whatever it holds
    assert model_variable(ns, "answer") == (True, None)


def test_a_copy_of_the_answer_is_a_plain_dict_that_ends_nothing() -> None:
    ns: dict[str, Any] = {}
    final = install(ns)
    ns["answer"]["content"] = "x"
    for copied in (copy.copy(ns["answer"]), copy.deepcopy(ns["answer"]), pickle.loads(pickle.dumps(ns["answer"]))):
        assert type(copied) is dict and copied == {"content": "x", "ready": False}
        copied["ready"] = True
    assert not final.given


# -- SUBMIT ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("code", "expected"), [
    ("SUBMIT(42)", 42),
    ("SUBMIT(answer=42)", 42),
    ("SUBMIT(output=[4, 2])", [4, 2]),
    ("SUBMIT(answer=42, confidence='high')", {"answer": 42, "confidence": "high"}),
])
def test_submit_gives_its_value(code: str, expected: object) -> None:
    ns: dict[str, Any] = {}
    final = install(ns)
    run_block(ns, final, code)
    assert final.given and final.value == expected


@pytest.mark.parametrize(("code", "message"), [
    ("SUBMIT()", "needs the answer"),
    ("SUBMIT(1, 2)", "one value"),
    ("SUBMIT(1, answer=2)", "not both"),
])
def test_a_wrong_submit_says_how_to_call_it(code: str, message: str) -> None:
    ns: dict[str, Any] = {}
    final = install(ns)
    with pytest.raises(TypeError, match=message):
        run_block(ns, final, code)
    assert not final.given


# -- names someone else has --------------------------------------------------------------------------------------
def test_names_someone_else_bound_are_never_ours_nor_an_answer() -> None:
    def SUBMIT(*args: object) -> str:  # noqa: N802 - the user's own function of that name
        return "the user's"

    users = {"content": "mine", "ready": True}
    ns: dict[str, Any] = {"answer": users, "SUBMIT": SUBMIT}
    final = install(ns)
    assert ns["answer"] is users and ns["SUBMIT"] is SUBMIT
    run_block(ns, final, 'print(answer["content"])\nSUBMIT(42)')
    assert not final.given  # their ready dict is not an answer; their SUBMIT is just their function
    run_block(ns, final, 'answer["content"] = "changed by the model"')  # a live kernel: objects are shared
    assert not final.given  # still their object, whatever it holds
    install(ns, final)
    assert ns["answer"] is users and ns["SUBMIT"] is SUBMIT
    assert not is_ours("answer", users) and not is_ours("SUBMIT", SUBMIT)


def test_names_that_are_ours_are_listed_and_shared_nowhere() -> None:
    user_ns: dict[str, Any] = {"df": [1, 2]}
    overlay = Overlay(user_ns)
    ns = overlay.namespace
    final = install(ns)
    before = dict(ns)
    run_block(ns, final, 'total = 3\nanswer["content"] = total')
    assert created_by(ns, before) == {"total": "3"}
    assert created_names(ns, frozenset(user_ns)) == ["total"]
    assert overlay.created() == ["total"]
    assert overlay.share() == (["total"], [])
    assert "answer" not in user_ns and "SUBMIT" not in user_ns


def test_an_exported_script_gets_neither_name() -> None:
    """No namespace to check against, and the script runs among the user's own variables."""
    surface = helpers(StubQueries(), PrintedFinal(), None)
    assert not set(DIALECT_NAMES) & set(surface)


# -- engine runs over HTTP -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("code", [
    'answer["content"] = 42\nanswer["ready"] = True',
    "SUBMIT(answer=42)",
    "SUBMIT(42)",
    'answer = {"content": 42, "ready": True}',  # rebinding: ended by dialect_final, which the loop calls after a block
])
def test_a_dialect_ends_the_run(engine: Engine, code: str) -> None:
    run = engine.run([fence(code) + "\n" + fence("never_ran = True"), "FINAL(no)"])
    assert_final(run)
    assert run.answer == 42 and len(run.iterations) == 1
    assert [c.code for c in run.iterations[0].cells] == [code]  # like FINAL in code: no block after it runs
    assert run.namespace is not None and "never_ran" not in run.namespace


def test_the_models_own_answer_variable_still_works(engine: Engine) -> None:
    run = engine.run([fence("answer = 6 * 7\nprint(answer)"), fence("answer += 0\nFINAL_VAR('answer')")])
    assert_final(run)
    assert run.answer == 42 and len(run.iterations) == 2
    assert run.iterations[0].cells[0].created == {"answer": "42"}


def test_a_context_variable_called_answer_is_the_users(engine: Engine) -> None:
    data = {"content": "user data: 3 rows", "ready": True}  # shaped like the protocol's dict: still only data
    ns: dict[str, Any] = {}
    replies = [fence("print(answer['content'])"), fence("rows = int(answer['content'].split()[2])\nprint(rows)"),
               fence("FINAL(rows)")]
    run = engine.run(replies, {"answer": data}, namespace=ns)
    assert_final(run)
    assert run.answer == 3 and len(run.iterations) == 3
    assert ns["answer"] == data == {"content": "user data: 3 rows", "ready": True}  # a shallow copy of theirs
    assert "user data: 3 rows" in last_user(engine.server, 1)


def test_a_context_variable_called_answer_leaves_submit_working(engine: Engine) -> None:
    run = engine.run([fence("SUBMIT(len(answer))")], {"answer": "user data ..."})
    assert_final(run)
    assert run.answer == len("user data ...")


# -- a real kernel -------------------------------------------------------------------------------------------------
USERS = "answer = {'content': 'mine', 'ready': True}\ndef SUBMIT(*args, **fields):\n    return 'users'\n"


def test_the_users_answer_and_submit_survive_a_run(kernel: KernelSession, server: FakeLLMServer) -> None:
    kernel.ok("notes = 'alpha beta'\n" + USERS + "ids = (id(answer), id(SUBMIT))")
    server.models[ROOT] = Scripted([fence("print(answer['content'])\nprint(SUBMIT(len(notes)))"),
                                    fence("FINAL(len(notes))")])
    kernel.ok('%rlm notes --model root --share "how long are the notes?"')
    assert kernel.value("rlm_run.status, rlm_answer, len(rlm_run.iterations)") == "final 10 2"
    assert "mine" in last_user(server, 1) and "users" in last_user(server, 1)  # the model saw theirs, not ours
    assert kernel.value("answer, SUBMIT(), ids == (id(answer), id(SUBMIT))") == (
        "{'content': 'mine', 'ready': True} users True")


@pytest.mark.parametrize("finish", ['answer["content"] = len(notes)\nanswer["ready"] = True', "SUBMIT(len(notes))"])
def test_ours_are_not_left_in_the_users_namespace(kernel: KernelSession, server: FakeLLMServer, finish: str) -> None:
    kernel.ok("notes = 'alpha beta'\nfor name in ('answer', 'SUBMIT'):\n    globals().pop(name, None)")
    server.models[ROOT] = Scripted([fence(f"size = len(notes)\nprint(size)\n{finish}")])
    kernel.ok('%rlm notes --model root --share "how long are the notes?"')
    assert kernel.value("rlm_run.status, rlm_answer, size") == "final 10 10"  # --share copied the model's `size`
    assert kernel.value("'answer' in globals(), 'SUBMIT' in globals()") == "False False"
