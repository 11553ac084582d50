"""``Redactor``: secret values out of every text the engine moves, without a kernel."""
from __future__ import annotations

from rlm_jupyter.engine.record.trajectory import CodeCell
from rlm_jupyter.engine.safety.secrets import MIN_SECRET_CHARS, Redactor


def test_known_values_become_named_markers() -> None:
    redact = Redactor({"OPENAI_API_KEY": "sk-live-abcdef123456", "DB_PASSWORD": "hunter2-longer"})
    text = "key sk-live-abcdef123456 and hunter2-longer, twice: sk-live-abcdef123456"
    assert redact(text) == "key [secret:OPENAI_API_KEY] and [secret:DB_PASSWORD], twice: [secret:OPENAI_API_KEY]"
    assert redact("nothing secret here") == "nothing secret here"
    assert redact("") == ""


def test_short_or_empty_values_are_not_secrets() -> None:
    short = "x" * (MIN_SECRET_CHARS - 1)
    redact = Redactor({"A_TOKEN": short, "B_TOKEN": "", "C_TOKEN": "y" * MIN_SECRET_CHARS})
    assert redact(f"{short} {'y' * MIN_SECRET_CHARS}") == f"{short} [secret:C_TOKEN]"
    assert Redactor({})("anything") == "anything"


def test_the_longest_secret_wins_when_one_contains_another() -> None:
    redact = Redactor({"SHORT_KEY": "abcdef", "LONG_KEY": "abcdef-ghijkl"})
    assert redact("abcdef-ghijkl abcdef") == "[secret:LONG_KEY] [secret:SHORT_KEY]"


def test_secrets_with_regex_characters_are_matched_literally() -> None:
    redact = Redactor({"WEIRD_SECRET": "a.b*c+(d)"})
    assert redact("a.b*c+(d) axbbbc+(d)") == "[secret:WEIRD_SECRET] axbbbc+(d)"


def test_one_value_under_two_names_keeps_the_first_name() -> None:
    assert Redactor({"OPENAI_API_KEY": "sk-same-value", "api_key": "sk-same-value"})("sk-same-value") == \
        "[secret:OPENAI_API_KEY]"


def test_from_environment_takes_secret_looking_names_and_the_api_key() -> None:
    environ = {"OPENAI_API_KEY": "sk-env-123456", "GITHUB_TOKEN": "ghp_abcdefgh", "MY_SECRET": "s3cr3t-value",
               "warehouse_password": "pw-lowercase", "HOME": "/home/someone", "PATH": "/usr/bin:/bin"}
    redact = Redactor.from_environment("sk-configured-key", environ)
    text = "sk-env-123456 ghp_abcdefgh s3cr3t-value pw-lowercase sk-configured-key /home/someone /usr/bin:/bin"
    assert redact(text) == ("[secret:OPENAI_API_KEY] [secret:GITHUB_TOKEN] [secret:MY_SECRET] "
                            "[secret:warehouse_password] [secret:api_key] /home/someone /usr/bin:/bin")
    # the environment variable's name wins over "api_key" when the configured key is the same value
    assert Redactor.from_environment("sk-env-123456", environ)("sk-env-123456") == "[secret:OPENAI_API_KEY]"
    assert Redactor.from_environment(None, {})("sk-env-123456") == "sk-env-123456"


def test_value_redacts_strings_inside_json_like_data() -> None:
    redact = Redactor({"API_KEY": "sk-nested-999"})
    bundle = {"data": {"text/plain": "key sk-nested-999", "text/html": ["<b>sk-nested-999</b>", 3]},
              "metadata": {"n": 1, "none": None}}
    assert redact.value(bundle) == {"data": {"text/plain": "key [secret:API_KEY]",
                                             "text/html": ["<b>[secret:API_KEY]</b>", 3]},
                                    "metadata": {"n": 1, "none": None}}
    marker = object()
    assert redact.value(marker) is marker  # other objects are returned as they are


def test_cell_redacts_every_field_in_place() -> None:
    redact = Redactor({"API_KEY": "sk-cell-4242"})
    cell = CodeCell(code="print(key)", stdout="sk-cell-4242\n", stderr="warn sk-cell-4242",
                    value="'sk-cell-4242'", error="KeyError: 'sk-cell-4242'",
                    outputs=[{"data": {"text/plain": "sk-cell-4242"}}])
    assert redact.cell(cell) is cell
    assert cell.stdout == "[secret:API_KEY]\n" and cell.stderr == "warn [secret:API_KEY]"
    assert cell.value == "'[secret:API_KEY]'" and cell.error == "KeyError: '[secret:API_KEY]'"
    assert cell.outputs == [{"data": {"text/plain": "[secret:API_KEY]"}}]
    empty = redact.cell(CodeCell(code="x"))
    assert empty.value is None and empty.error is None
