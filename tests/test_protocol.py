"""Parsing of root-model replies: code fences, <think> blocks, FINAL(...) / FINAL_VAR(...)."""
from __future__ import annotations

import pytest

from rlm_jupyter.engine.dialogue.protocol import Final, find_final, parse_reply, strip_think

FENCE = "```"


def block(code: str, label: str = "repl", closed: bool = True) -> str:
    return f"{FENCE}{label}\n{code}\n" + (f"{FENCE}\n" if closed else "")


# -- code blocks ----------------------------------------------------------------
@pytest.mark.parametrize("label", ["repl", "python", "py", "Python"])
def test_labelled_fence_is_code(label: str) -> None:
    parsed = parse_reply(f"Let me look.\n{block('print(len(context))', label)}Then decide.")
    assert parsed.code == ["print(len(context))"]
    assert parsed.final is None
    assert "print(len" not in parsed.prose
    assert "Let me look." in parsed.prose and "Then decide." in parsed.prose


def test_several_blocks_kept_in_order() -> None:
    reply = "\n".join(["first", block("a = 1"), "second", block("b = a + 1", "python"), block("print(b)")])
    assert parse_reply(reply).code == ["a = 1", "b = a + 1", "print(b)"]


def test_multiline_block_keeps_indentation() -> None:
    code = "for i in range(3):\n    if i:\n        print(i)"
    assert parse_reply(block(code)).code == [code]


def test_missing_closing_fence_runs_to_end_of_reply() -> None:
    parsed = parse_reply("Here goes:\n" + block("x = 1\nprint(x)", closed=False))
    assert parsed.code == ["x = 1\nprint(x)"]


def test_missing_closing_fence_after_closed_block() -> None:
    parsed = parse_reply(block("a = 1") + "now\n" + block("b = 2", closed=False))
    assert parsed.code == ["a = 1", "b = 2"]


@pytest.mark.parametrize("label", ["", "text", "bash", "json"])
def test_other_fences_are_not_executed(label: str) -> None:
    parsed = parse_reply(f"Output will look like:\n{block('rm -rf / ; print(1)', label)}done")
    assert parsed.code == []
    assert "rm -rf" not in parsed.prose  # not code, and not prose either


def test_empty_block_is_dropped() -> None:
    assert parse_reply(block("   \n") + block("x = 2")).code == ["x = 2"]


# -- <think> --------------------------------------------------------------------
def test_think_block_is_stripped_with_its_code() -> None:
    reply = "<think>maybe\n" + block("boom()") + "FINAL(wrong)</think>\n" + block("ok()")
    parsed = parse_reply(reply)
    assert parsed.code == ["ok()"]
    assert parsed.final is None
    assert "maybe" not in parsed.prose


def test_thinking_variant_and_case() -> None:
    assert strip_think("<THINKING>secret</Thinking>answer") == "answer"


def test_dangling_close_tag_drops_everything_before_it() -> None:
    # Chat templates put <think> in the prompt, so only the closing tag appears in the reply.
    parsed = parse_reply("reasoning FINAL(1)\n" + block("bad()") + "</think>\nFINAL(2)")
    assert parsed.code == []
    assert parsed.final == Final("value", "2")


def test_unclosed_think_drops_everything_after_it() -> None:
    parsed = parse_reply(block("x = 1") + "<think>let me also FINAL(9)\n" + block("y = 2"))
    assert parsed.code == ["x = 1"]
    assert parsed.final is None


# -- FINAL in prose ------------------------------------------------------------
def test_final_at_line_start() -> None:
    final = parse_reply("I counted them.\nFINAL(42)").final
    assert final == Final("value", "42")
    assert final.value() == 42


def test_final_mid_prose_accepted_without_code() -> None:
    final = parse_reply("After checking, the answer is FINAL(17) as computed.").final
    assert final is not None and final.value() == 17


def test_final_mid_prose_ignored_next_to_code() -> None:
    parsed = parse_reply("I'll run this and then call FINAL(answer):\n" + block("answer = 3"))
    assert parsed.code == ["answer = 3"]
    assert parsed.final is None


def test_final_at_line_start_accepted_next_to_code() -> None:
    parsed = parse_reply(block("answer = 3") + "FINAL(3)")
    assert parsed.code == ["answer = 3"]
    assert parsed.final == Final("value", "3")


@pytest.mark.parametrize("prefix", ["  ", "> ", "**", "- "])
def test_final_after_markdown_decoration_counts_as_line_start(prefix: str) -> None:
    parsed = parse_reply(block("x = 1") + f"{prefix}FINAL(1)")
    assert parsed.final == Final("value", "1")


def test_final_with_nested_parentheses() -> None:
    final = parse_reply("FINAL(max(f(1), (2 + 3)) is the result)").final
    assert final is not None and final.text == "max(f(1), (2 + 3)) is the result"


@pytest.mark.parametrize("text, value", [
    ('FINAL("hello world")', "hello world"),
    ("FINAL('single')", "single"),
    ("FINAL([1, 2, 3])", [1, 2, 3]),
    ("FINAL({'a': (1, 2)})", {"a": (1, 2)}),
    ("FINAL(3.5)", 3.5),
    ("FINAL(`code`)", "code"),
    ("FINAL(Paris, France)", "Paris, France"),
    ('FINAL("a closing paren ) inside")', "a closing paren ) inside"),
    ("FINAL(['x)', '(y'])", ["x)", "(y"]),
])
def test_final_literal_values(text: str, value: object) -> None:
    final = parse_reply(text).final
    assert final is not None and final.kind == "value"
    assert final.value() == value
    assert type(final.value()) is type(value)


def test_final_unbalanced_prose_takes_up_to_last_paren() -> None:
    final = parse_reply("FINAL(3 apples :-)").final
    assert final is not None and final.text == "3 apples :-"


@pytest.mark.parametrize("reply, text", [
    # an enumeration's "1)" closes the count early: the answer is the whole list up to the line's last ")"
    ("FINAL(1) Acme (north): 40 kg; 2) Beta: 31 kg; 3) Coda: 12 kg)", "1) Acme (north): 40 kg; 2) Beta: 31 kg; 3) Coda: 12 kg"),
    ("FINAL(1) Acme; 2) Beta)\n(then the next line)", "1) Acme; 2) Beta"),
    ("FINAL(1) Acme: 7 points\n2) Beta: 6 points\n3) Coda: 5)\n\nThanks (really)",
     "1) Acme: 7 points\n2) Beta: 6 points\n3) Coda: 5"),
    ("FINAL(a) the north; b) the south)", "a) the north; b) the south"),
    # no list: the FINAL ends where its parenthesis closes
    ("FINAL(42) and that is all (really).", "42"),
    ("FINAL(f(3)) ok", "f(3)"),
    ("(FINAL(23.44 EUR))", "23.44 EUR"),
    ("FINAL(23.44 EUR) :)", "23.44 EUR"),
    ("FINAL(1) is the answer :)", "1"),
])
def test_final_holding_a_numbered_list(reply: str, text: str) -> None:
    final = parse_reply(reply).final
    assert final is not None and final.text == text


def test_empty_final_is_not_an_answer() -> None:
    assert parse_reply("FINAL()").final is None
    assert parse_reply("FINAL(   )").final is None


def test_first_final_wins() -> None:
    assert parse_reply("FINAL(1)\nFINAL(2)").final == Final("value", "1")


def test_final_word_without_call_is_not_an_answer() -> None:
    assert parse_reply("I will write FINAL when done. MYFINAL(3) is not it either.").final is None


# -- FINAL_VAR -----------------------------------------------------------------
@pytest.mark.parametrize("text", ["FINAL_VAR(result_df)", 'FINAL_VAR("result_df")', "FINAL_VAR('result_df')",
                                  "FINAL_VAR( result_df )"])
def test_final_var_spellings(text: str) -> None:
    assert parse_reply(text).final == Final("var", "result_df")


def test_final_var_is_not_read_as_final_value() -> None:
    final = parse_reply("FINAL_VAR(x)").final
    assert final is not None and final.kind == "var"


def test_final_var_with_code_at_line_start() -> None:
    parsed = parse_reply(block("total = 5") + "FINAL_VAR(total)")
    assert parsed.final == Final("var", "total")


def test_final_var_mid_prose_ignored_next_to_code() -> None:
    parsed = parse_reply(block("total = 5") + "Next turn I will FINAL_VAR(total).")
    assert parsed.final is None


# -- FINAL inside code is not a text FINAL -----------------------------------
def test_final_in_code_comment_is_not_text_final() -> None:
    parsed = parse_reply(block("# FINAL(1) once we know\nx = 1"))
    assert parsed.code == ["# FINAL(1) once we know\nx = 1"]
    assert parsed.final is None


def test_final_call_in_code_is_not_text_final() -> None:
    parsed = parse_reply(block('FINAL_VAR("x")\nFINAL(2)'))
    assert parsed.final is None
    assert parsed.code == ['FINAL_VAR("x")\nFINAL(2)']


def test_final_inside_unlabelled_block_is_ignored() -> None:
    assert parse_reply(block("FINAL(5)", "")).final is None


def test_final_inside_unclosed_code_block_is_code() -> None:
    parsed = parse_reply("prose\n" + block("x = 1\nFINAL(x)", closed=False))
    assert parsed.final is None
    assert parsed.code == ["x = 1\nFINAL(x)"]


def test_find_final_line_start_rule_directly() -> None:
    assert find_final("see FINAL(1)", has_code=True) is None
    assert find_final("see FINAL(1)", has_code=False) == Final("value", "1")
    assert find_final("see\nFINAL(1)", has_code=True) == Final("value", "1")


@pytest.mark.parametrize("fence", ["```", "~~~"])
def test_a_final_that_quotes_a_line_in_a_fence_is_one_answer(fence: str) -> None:
    quote = '05-11-2024,06:40,Tukuche,AB12345,out,2,1,"NPR 12,345"'
    parsed = parse_reply(f"FINAL({fence}\n{quote}\n{fence}\nThe last entry is AB12345's, at 06:40.)")
    assert parsed.final == Final("value", f"{fence}\n{quote}\n{fence}\nThe last entry is AB12345's, at 06:40.")
    assert parsed.code == []
    # after a block, on a line of its own: the block runs and the FINAL is its reply's answer
    ran = parse_reply(block("print(log[-1])") + f"\nFINAL(\n{fence}\n{quote}\n{fence}\nthat line.)")
    assert ran.code == ["print(log[-1])"] and ran.final == Final("value", f"{fence}\n{quote}\n{fence}\nthat line.")


def test_a_final_before_a_fence_keeps_its_own_bracket() -> None:
    parsed = parse_reply("FINAL(13 packs)\n\nComputed with:\n```\ncontext.packs.sum()\n```\n(over all rows)")
    assert parsed.final == Final("value", "13 packs")


def test_a_final_around_a_labelled_block_is_not_a_quote() -> None:
    parsed = parse_reply("FINAL(\n```repl\nprint(1)\n```\n)")
    assert parsed.code == ["print(1)"]
