"""The live-namespace policy without a kernel: ``Overlay`` (the model's REPL dict) and ``ResultNames``."""
from __future__ import annotations

from rlm_jupyter.engine.dialogue.helpers import HELPER_NAMES
from rlm_jupyter.jupyter.namespace import Overlay, ResultNames


def user_namespace() -> dict[str, object]:
    return {"df": [1, 2, 3], "threshold": 0.5, "_private": "mine", "In": ["x = 1"]}


# -- Overlay ---------------------------------------------------------------------------------------------------
def test_the_overlay_gives_views_not_the_users_bindings() -> None:
    user = user_namespace()
    overlay = Overlay(user)
    assert overlay.namespace == user and overlay.namespace is not user
    assert overlay.namespace["df"] is not user["df"]  # a small list: a shallow copy (pointers, not the data)
    assert overlay.namespace["In"] is user["In"] and overlay.namespace["_private"] is user["_private"]  # IPython's
    assert overlay.views.kinds() == {"df": "shallow copy", "threshold": "as is"}
    overlay.namespace["threshold"] = 99
    del overlay.namespace["df"]
    overlay.namespace["new"] = "made by the model"
    assert user == user_namespace()  # the user's bindings are untouched
    overlay.namespace["_private"] = "x"
    assert user["_private"] == "mine"


def test_in_place_mutation_of_the_view_does_not_reach_the_user_object() -> None:
    user = user_namespace()
    overlay = Overlay(user)
    overlay.namespace["df"].append(4)
    assert user["df"] == [1, 2, 3] and overlay.namespace["df"] == [1, 2, 3, 4]
    assert overlay.views.changed_copies(overlay.namespace) == {"df": "1 item appended"}


def test_created_lists_only_the_models_new_public_names() -> None:
    overlay = Overlay(user_namespace())
    ns = overlay.namespace
    ns.update({"zeta": 1, "alpha": 2, "_scratch": 3, "context": "the context", "threshold": 0.9})
    ns.update({name: object() for name in HELPER_NAMES})  # the loop installs the helpers into the namespace
    assert overlay.created() == ["alpha", "zeta"]  # sorted; no helpers, private names, context or rebinds


def test_share_copies_new_names_and_reports_every_conflict() -> None:
    user = user_namespace()
    overlay = Overlay(user)
    ns = overlay.namespace
    ns["total"] = 6
    ns["threshold"] = 0.1  # the model rebound one of the user's names
    del ns["df"]  # and deleted another
    ns["_tmp"] = "private"
    user["late"] = "the user's"  # bound by the user after the run started: a new model name may not replace it
    ns["late"] = "the model's"
    shared, skipped = overlay.share()
    assert shared == ["total"]
    assert user["total"] == 6 and user["late"] == "the user's"
    assert user["threshold"] == 0.5 and user["df"] == [1, 2, 3]  # never overwritten, never deleted
    assert sorted(skipped) == ["df", "late", "threshold"]
    assert "_tmp" not in user


def test_share_with_nothing_new_shares_nothing() -> None:
    user = user_namespace()
    assert Overlay(user).share() == ([], [])
    assert user == user_namespace()


def test_refresh_brings_in_the_users_current_objects_and_keeps_the_models() -> None:
    user = user_namespace()
    overlay = Overlay(user)
    overlay.namespace["summary"] = "the model's"
    user["df"] = [9, 9]  # the user changed their data between the run and a follow-up
    user["summary"] = "the user's, made later"
    user["fresh"] = "new user variable"
    assert overlay.refresh() is overlay
    assert overlay.namespace["df"] == [9, 9] and overlay.namespace["df"] is not user["df"]  # a view of the new one
    assert overlay.namespace["fresh"] == "new user variable"
    assert overlay.namespace["summary"] == "the model's"  # the model's own name is not replaced
    assert overlay.created() == ["summary"]  # the user's new name is not the model's


def test_refresh_keeps_the_models_view_of_a_name_the_user_kept() -> None:
    """A follow-up sees what the model's code left: its changed copy, or its rebinding, unless the user rebound."""
    user = user_namespace()
    overlay = Overlay(user)
    overlay.namespace["df"].append(4)
    overlay.namespace["threshold"] = 0.9
    overlay.refresh()
    assert overlay.namespace["df"] == [1, 2, 3, 4] and overlay.namespace["threshold"] == 0.9
    assert user == user_namespace()


def test_share_skips_a_name_whose_view_the_model_changed() -> None:
    user = user_namespace()
    overlay = Overlay(user)
    overlay.namespace["df"].append(4)
    overlay.namespace["total"] = 10
    assert overlay.share() == (["total"], ["df"])
    assert user["df"] == [1, 2, 3]


# -- ResultNames ---------------------------------------------------------------------------------------------------
def test_a_default_name_is_reused_while_it_holds_our_value() -> None:
    names, ns = ResultNames(), dict[str, object]()
    first, second = ["first"], ["second"]
    assert names.bind(ns, "rlm_answer", first, explicit=False) == "rlm_answer"
    assert names.bind(ns, "rlm_answer", second, explicit=False) == "rlm_answer"  # ours: replaced
    assert ns == {"rlm_answer": second}


def test_a_default_name_the_user_rebound_is_left_alone() -> None:
    names, ns = ResultNames(), dict[str, object]()
    names.bind(ns, "rlm_answer", ["ours"], explicit=False)
    users = ["the user's own"]
    ns["rlm_answer"] = users
    ns["rlm_answer_2"] = "also the user's"
    target = names.bind(ns, "rlm_answer", ["next"], explicit=False)
    assert target == "rlm_answer_3"
    assert ns["rlm_answer"] is users and ns["rlm_answer_2"] == "also the user's" and ns["rlm_answer_3"] == ["next"]
    # and the free name found is ours from now on
    assert names.bind(ns, "rlm_answer", ["again"], explicit=False) == "rlm_answer_3"


def test_a_default_name_the_user_already_had_is_never_taken() -> None:
    ns: dict[str, object] = {"rlm_answer": "made before any run"}
    assert ResultNames().bind(ns, "rlm_answer", 42, explicit=False) == "rlm_answer_2"
    assert ns["rlm_answer"] == "made before any run"


def test_an_explicit_name_is_always_used() -> None:
    ns: dict[str, object] = {"result": "the user's"}
    assert ResultNames().bind(ns, "result", 42, explicit=True) == "result"
    assert ns["result"] == 42
