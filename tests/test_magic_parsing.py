"""The %rlm line without a kernel: words, subcommand dispatch, and the settings built from traits and options."""
from __future__ import annotations

from argparse import Namespace
from dataclasses import fields
from typing import Any

import pytest
from IPython.core.error import UsageError

from rlm_jupyter.engine.record.trajectory import Run
from rlm_jupyter.engine.settings import DEFAULTS, Settings
from rlm_jupyter.jupyter.magic import COMMANDS, GRAMMARS, RLMMagics
from rlm_jupyter.jupyter.options import OPTIONS, run_settings, split_line, split_question, subcommand
from rlm_jupyter.jupyter.session import Session

ENVIRONMENT = {"model", "sub_model", "cache_dir"}  # defaults the magic reads from the environment


def parse(line: str) -> Namespace:
    return RLMMagics.rlm.parser.parse_intermixed_args(split_line(line))


def configured(**changes: Any) -> dict[str, Any]:
    """What the traits hold by default, as ``trait_values()`` gives it (a cache folder, the demo models)."""
    values = {f.name: getattr(DEFAULTS, f.name) for f in fields(Settings)}
    return {**values, "model": "demo-root", "cache_dir": "/tmp/rlm-cache", **changes}


def test_every_setting_is_a_config_trait_with_its_help_and_default() -> None:
    traits = RLMMagics.class_traits(config=True)
    assert set(traits) == {f.name for f in fields(Settings)} | {"out", "cache", "replay"}  # the magic's own three
    magics = RLMMagics()
    for setting in fields(Settings):
        assert setting.metadata["help"][1:] in traits[setting.name].help
        if setting.name not in ENVIRONMENT:
            assert getattr(magics, setting.name) == getattr(DEFAULTS, setting.name), setting.name
    listing = RLMMagics.class_get_help()  # what %config RLMMagics prints
    assert all(f"RLMMagics.{name}=" in listing for name in traits)


def test_model_and_cache_defaults_follow_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    monkeypatch.setenv("RLM_MODEL", "env-root")
    monkeypatch.setenv("RLM_SUB_MODEL", "env-sub")
    monkeypatch.setenv("RLM_CACHE_DIR", str(tmp_path))
    magics = RLMMagics()
    assert (magics.model, magics.sub_model, magics.cache_dir) == ("env-root", "env-sub", str(tmp_path))
    monkeypatch.delenv("RLM_MODEL")
    monkeypatch.delenv("RLM_SUB_MODEL")
    assert (RLMMagics().model, RLMMagics().sub_model) == ("gpt-5-mini", None)


def test_options_come_from_the_settings_metadata_and_land_under_the_field_name() -> None:
    assert OPTIONS == {"model": "--model", "sub_model": "--sub-model", "max_iterations": "--max-iterations",
                       "max_depth": "--max-depth", "max_subcalls": "--max-subcalls", "budget_usd": "--budget",
                       "timeout_s": "--timeout", "stream": "--no-stream", "acceptance": "--acceptance",
                       "guard": "--guard", "allow": "--allow", "isolated": "--isolated",
                       "unanswered": "--unanswered"}
    args = parse('df "q" --model m --sub-model s --max-iterations 3 --max-depth 2 --budget 0.5 --timeout 9 '
                 '--guard warn --allow net,proc --isolated --unanswered keep')
    assert (args.model, args.sub_model, args.max_iterations, args.max_depth, args.budget_usd, args.timeout_s,
            args.guard, args.allow, args.isolated, args.unanswered) == ("m", "s", 3, 2, 0.5, 9.0, "warn", "net,proc",
                                                                         True, "keep")
    assert parse('df "q"').isolated is None  # absent: the configured value stands
    with pytest.raises(UsageError, match="invalid int value: 'many'"):
        parse('df "q" --max-iterations many')


def test_no_stream_turns_streaming_off_and_its_absence_leaves_the_trait() -> None:
    assert run_settings(configured(stream=True), parse('df "q" --no-stream'), cache=True).stream is False
    assert run_settings(configured(stream=False), parse('df "q"'), cache=True).stream is False
    assert run_settings(configured(stream=True), parse('df "q"'), cache=True).stream is True


@pytest.mark.parametrize("trait, value, message", [
    ("params", {"stream": True}, "params must not set 'stream': use stream=False (--no-stream)"),
    ("params", {"model": "x"}, "params must not set 'model'"),
    ("sub_params", {"messages": []}, "sub_params must not set 'messages'"),
    ("params", {"temperature": float("nan")}, "params must be JSON"),
    ("sub_params", {"stop": {1, 2}}, "sub_params must be JSON"),
    ("headers", {"X-Title": 3}, "headers must map names to strings"),
    ("api_version", "", "api_version must be a non-empty string"),
])
def test_a_malformed_request_setting_is_a_one_line_error(trait: str, value: Any, message: str) -> None:
    with pytest.raises(ValueError) as info:
        run_settings(configured(**{trait: value}), parse('df "q"'), cache=True)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_help_lists_every_form_subcommand_and_option() -> None:
    doc = RLMMagics.rlm.__doc__
    assert '%rlm VAR... "question"' in doc and "%%rlm VAR... [options]" in doc
    assert all(f"%rlm {form}" in doc for grammar in GRAMMARS.values() for form in grammar.forms)
    assert all(flag in doc for flag in [*OPTIONS.values(), "--out", "--expect", "--share", "--quiet", "--continue",
                                        "--no-cache", "--refresh", "--record", "--replay"])


def test_settings_are_the_traits_with_the_options_given_on_the_line() -> None:
    settings = run_settings(configured(max_iterations=7, budget_usd=None), parse('df "q" --max-depth 2'), cache=True)
    assert (settings.model, settings.max_iterations, settings.max_depth, settings.cache_dir) \
        == ("demo-root", 7, 2, "/tmp/rlm-cache")
    assert run_settings(configured(), parse('df "q" --model other'), cache=True).model == "other"


@pytest.mark.parametrize("line, message", [
    ('df "q" --max-iterations 0', "max_iterations must be > 0"),  # 0 is given, so it wins and is rejected
    ('df "q" --max-depth 0', "max_depth must be >= 1"),
    ('df "q" --budget 0', "budget_usd must be > 0"),
    ('df "q" --model ""', "model is required"),
])
def test_an_option_given_as_zero_wins_and_is_rejected(line: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        run_settings(configured(), parse(line), cache=True)


def test_cache_refresh_and_replay_settings() -> None:
    assert run_settings(configured(), parse('df "q" --no-cache'), cache=True).cache_dir is None
    assert run_settings(configured(), parse('df "q"'), cache=False).cache_dir is None
    assert run_settings(configured(), parse('df "q" --refresh'), cache=True).refresh is True
    assert run_settings(configured(refresh=True), parse('df "q"'), cache=True).refresh is True
    recorded = Settings(model="recorded", max_iterations=3, cache_dir="/elsewhere", refresh=True)
    replay = run_settings(configured(cell_timeout_s=5.0, concurrency=2), parse('df "q" --max-iterations 9'),
                          cache=True, recorded=recorded)
    assert (replay.model, replay.max_iterations, replay.cell_timeout_s, replay.concurrency, replay.cache_dir,
            replay.refresh, replay.unanswered) == ("recorded", 3, 5.0, 2, None, False, "fail")
    kept = run_settings(configured(), parse('df "q" --unanswered keep'), cache=True, recorded=recorded)
    assert kept.unanswered == "keep"  # the cell's own choice, as given now: not the recording's
    assert run_settings(configured(unanswered="keep"), parse('df "q"'), cache=True, recorded=recorded).unanswered \
        == "keep"


@pytest.mark.parametrize("line, expected", [
    ("last", "last"),
    ("export", "export"),
    ("export --to a.py", "export"),
    ("export --to notes.txt", "export"),  # the shape fits; the handler says FILE must end in .py
    ("cache info", "cache"),
    ("cache clear", "cache"),
    ("cost", "cost"),
    ("demo", "demo"),
    ('export "how many rows?"', None),  # a run over a variable named export
    ('cost "q"', None),
    ('last "q"', None),
    ('demo "q"', None),
    ('cache "q"', None),
    ("cache info extra", None),
    ("export --to", None),
    ('df "q"', None),
    ("", None),
])
def test_a_word_is_a_subcommand_only_when_the_whole_line_fits(line: str, expected: str | None) -> None:
    assert subcommand(split_line(line), None, GRAMMARS) == expected


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_the_cell_form_is_always_a_run(name: str) -> None:
    assert subcommand([name], "the question in the body", GRAMMARS) is None


def test_every_subcommand_has_a_handler_and_a_usage() -> None:
    assert set(COMMANDS) == {"last", "export", "cache", "cost", "demo", "release"}
    assert GRAMMARS["cache"].usage() == "%rlm cache info or %rlm cache clear"


def test_line_words_and_question() -> None:
    assert split_line('df  "a question" -o out') == ["df", "a question", "-o", "out"]
    with pytest.raises(UsageError, match="close your quotes"):
        split_line('df "unclosed')
    assert split_question(["a", "b", "the q"], None, {"a", "b"}) == (["a", "b"], "the q")
    assert split_question(["a", "b"], "  body question\n", {"a", "b"}) == (["a", "b"], "body question")
    with pytest.raises(UsageError, match="no question"):
        split_question(["a"], None, {"a"})
    with pytest.raises(UsageError, match="put the question either on the line"):
        split_question(["a", "the q"], "a body", {"a"})


def test_a_session_continues_only_its_last_run_and_frees_older_namespaces() -> None:
    session, user_ns = Session(), {"df": [1, 2]}
    assert session.last_run is None
    with pytest.raises(LookupError, match="no earlier run in this kernel to continue"):
        session.continuable()
    first, second = (Run(id=i, question="q", model="m", sub_model="m", namespace={}) for i in ("r1", "r2"))
    overlay = session.overlay(None, user_ns)
    overlay.namespace["made"] = 1
    session.add(first, overlay)
    assert session.continuable() is first and session.overlay(first, user_ns) is overlay
    session.add(second, session.overlay(None, user_ns))
    assert session.runs == [first, second] and first.namespace is None and second.namespace == {}
    assert session.continuable() is second and "made" not in session.overlay(first, user_ns).namespace
