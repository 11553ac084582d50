"""``code_names.names``: the names a block loads, stores or deletes, as the grounding checks read them."""

from __future__ import annotations

from rlm_jupyter.engine import code_names


def test_loads_and_stores_are_told_apart_at_any_depth() -> None:
    code = "total = 0\nfor line in context.split('\\n'):\n    total += len(line)\ndel scratch\n"
    assert code_names.names(code, code_names.LOADS) == {"context", "len", "line"}  # `total += ...` stores total
    assert code_names.names(code, code_names.STORES) == {"total", "line"}
    assert code_names.names(code, code_names.STORES_OR_DELETES) == {"total", "line", "scratch"}


def test_words_in_strings_and_comments_are_not_names() -> None:
    assert code_names.names("print('context')  # context\n", code_names.LOADS) == {"print"}


def test_code_that_is_not_plain_python_gives_none_not_an_empty_set() -> None:
    assert code_names.names("%timeit context.upper()", code_names.LOADS) is None
    assert code_names.names("x = (", code_names.STORES) is None
