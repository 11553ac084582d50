"""One settings object: every default in one place, validated, recorded, rebuilt by replay."""
from __future__ import annotations

import dataclasses
import inspect

import pytest

from rlm_jupyter import RLM, Settings
from rlm_jupyter.engine.dialogue.helpers import DIALECT_NAMES, HELPER_NAMES, FinalSlot, helpers
from rlm_jupyter.engine.record.trajectory import Run
from rlm_jupyter.engine.settings import DEFAULTS, NAMES

from .scripted import StubQueries


def test_every_setting_has_help_and_a_reason() -> None:
    for f in dataclasses.fields(Settings):
        assert f.metadata["help"], f.name
        assert f.metadata["why"], f.name


def test_rlm_is_keyword_only_and_documents_every_setting() -> None:
    params = inspect.signature(RLM.__init__).parameters
    assert [p.kind for name, p in params.items() if name not in ("self", "settings", "overrides")] == [
        inspect.Parameter.KEYWORD_ONLY] * 3  # client, observers, replay
    with pytest.raises(TypeError):
        RLM(Settings(model="m"), "extra")  # type: ignore[misc]
    for name in NAMES:
        assert f"{name} = " in (RLM.__init__.__doc__ or ""), name


def test_overrides_apply_on_top_of_settings_and_unknown_names_are_refused() -> None:
    base = Settings(model="m", max_iterations=3)
    with RLM(base, max_depth=2, api_key="k", base_url="http://127.0.0.1:9/v1") as rlm:
        assert rlm.settings.max_iterations == 3 and rlm.settings.max_depth == 2
    with pytest.raises(TypeError, match="unknown setting 'max_iteration'"):
        RLM(model="m", max_iteration=3)
    with pytest.raises(TypeError, match="unknown setting"):
        base.replace(colour="red")


@pytest.mark.parametrize("changes, message", [
    ({"model": ""}, "model is required"),
    ({"max_iterations": 0}, "max_iterations must be > 0"),
    ({"max_iterations": 2.5}, "a whole number"),
    ({"cell_timeout_s": float("inf")}, "cell_timeout_s must be > 0"),
    ({"budget_usd": True}, "budget_usd must be > 0"),
    ({"max_retries": -1}, "max_retries must be >= 0"),
    ({"prices": [1, 2]}, "prices must be a dict"),
])
def test_bad_values_are_one_line_errors(changes: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message) as caught:
        dataclasses.replace(DEFAULTS, **changes)
    assert "\n" not in str(caught.value)


def test_the_record_round_trips_without_the_key() -> None:
    settings = Settings(model="m", sub_model="s", api_key="sk-secret", max_depth=3, prices={"m": [1, 2]})
    record = settings.to_record()
    assert "api_key" not in record and "sk-secret" not in repr(record)
    rebuilt = Settings.from_record({**record, "a_setting_from_the_future": 1})
    assert rebuilt == dataclasses.replace(settings, api_key=None)


def test_a_run_rebuilds_its_settings_even_from_an_older_record() -> None:
    run = Run.from_dict({"id": "r", "question": "q", "model": "m", "sub_model": "s",
                         "limits": {"max_iterations": 7, "max_depth": 2}})  # before settings were recorded
    used = run.settings_used()
    assert (used.model, used.sub, used.max_iterations, used.max_depth) == ("m", "s", 7, 2)


def test_the_settings_dict_is_a_private_copy() -> None:
    prices = {"m": [1, 2]}
    settings = Settings(model="m", prices=prices)
    prices["m"] = [100, 200]
    assert settings.prices == {"m": [1, 2]}


def test_from_environment_reads_the_models(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RLM_MODEL", "env-root")
    monkeypatch.delenv("RLM_SUB_MODEL", raising=False)
    assert (Settings.from_environment().model, Settings.from_environment().sub) == ("env-root", "env-root")
    monkeypatch.delenv("RLM_MODEL")
    assert Settings.from_environment(max_depth=2).model == DEFAULTS.model


def test_the_helper_surface_is_exactly_the_listed_names() -> None:
    namespace = {"user_df": 1}
    surface = helpers(StubQueries(), FinalSlot(), namespace, frozenset(namespace))
    assert tuple(surface) == HELPER_NAMES + DIALECT_NAMES  # the dialects' names: free in this namespace


def test_final_var_finds_names_and_explains_a_miss() -> None:
    final = FinalSlot()
    namespace: dict[str, object] = {"user_df": 1}
    surface = helpers(StubQueries(), final, namespace, frozenset(namespace))
    namespace["answer"] = 42
    surface["FINAL_VAR"]("answer")
    assert final.given and final.value == 42
    with pytest.raises(NameError, match="Variables you created: answer"):
        surface["FINAL_VAR"]("ansewr")
    with pytest.raises(RuntimeError, match="input"):
        surface["input"]()
    with pytest.raises(SystemExit):
        surface["exit"]()
