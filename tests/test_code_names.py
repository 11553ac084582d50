"""``code_names``: the names a block loads, stores or deletes, as the grounding checks read them."""

from __future__ import annotations

from rlm_jupyter.engine.dialogue import code_names


def test_loads_and_stores_are_told_apart_at_any_depth() -> None:
    code = "total = 0\nfor line in context.split('\\n'):\n    total += len(line)\ndel scratch\n"
    assert code_names.names(code, code_names.LOADS) == {"context", "len", "line"}  # `total += ...` stores total
    assert code_names.names(code, code_names.STORES) == {"total", "line"}
    every = frozenset({"total", "line", "scratch", "context"})
    assert code_names.overwritten(code, every, every) == {"total", "line", "scratch"}


def test_words_in_strings_and_comments_are_not_names() -> None:
    assert code_names.names("print('context')  # context\n", code_names.LOADS) == {"print"}


def test_code_that_is_not_plain_python_gives_none_not_an_empty_set() -> None:
    assert code_names.names("%timeit context.upper()", code_names.LOADS) is None
    assert code_names.names("x = (", code_names.STORES) is None


DATA = frozenset({"logs", "context"})


def test_an_assignment_of_a_value_read_from_the_data_does_not_overwrite_it() -> None:
    """``logs = json.loads(context)`` is the data, parsed: a real model began every reply with it."""
    for code in ["logs = json.loads(context)", "logs: dict = json.loads(logs)", "context = logs = context.strip()",
                 "def f():\n    global logs\n    logs = logs.lower()\nf()"]:
        assert code_names.overwritten(code, DATA, DATA) == set(), code


def test_only_a_value_read_from_the_sources_counts_as_the_data() -> None:
    """``context`` (the run's alias of the data) is a source, not a name guarded against rebinding."""
    assert code_names.overwritten("logs = json.loads(context)", frozenset({"logs"}), DATA) == set()
    assert code_names.overwritten("logs = json.loads(context)", frozenset({"logs"}), frozenset({"logs"})) == {"logs"}


def test_every_other_store_or_delete_of_the_data_overwrites_it() -> None:
    cases = {"logs = 'pasted preview'": {"logs"}, "logs = json.loads(other)": {"logs"}, "del context": {"context"},
             "for logs in range(3): pass": {"logs"}, "logs += context": {"logs"},
             "logs, rest = context.split(' ', 1)": {"logs"}, "logs = json.loads(context)\ndel logs": {"logs"},
             "(logs := context.upper())": {"logs"}, "x = context": set()}
    for code, expected in cases.items():
        assert code_names.overwritten(code, DATA, DATA) == expected, code
    assert code_names.overwritten("%time logs = 1", DATA, DATA) is None


def test_loaded_names_of_ipython_syntax_are_its_words() -> None:
    """One fallback for every caller: a ``%magic`` cell uses the names it mentions."""
    assert code_names.loaded("%time total = len(orders)") >= {"orders", "total", "len"}
    assert code_names.loaded("total = len(orders)  # not comment_word") == {"len", "orders"}
