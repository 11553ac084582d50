"""The root conversation owns the message layout: building, reading back, compaction, replay keys."""
from __future__ import annotations

import itertools

from rlm_jupyter.engine.dialogue import prompts
from rlm_jupyter.engine.dialogue.conversation import KEEP_RECENT, Conversation, sub_request
from rlm_jupyter.engine.record.trajectory import Iteration, Run

DESCRIBED = "`orders`: pandas.DataFrame, 3 rows\n  columns: a\n\n`logs`: str, 10 chars, 1 line"


def grown(turns: int, size: int = 500) -> Conversation:
    conversation = Conversation.start("How many?", DESCRIBED, None, 20)
    for i in range(turns):
        conversation.add_turn(f"turn {i} " + "r" * size, f"output {i} " + "o" * size)
    return conversation


def test_an_opening_reads_back_its_question_and_variables() -> None:
    for question, expect in [("How many orders per month?", None), ("a question\nover two lines", "DataFrame")]:
        opening = Conversation.read_opening(Conversation.start(question, DESCRIBED, expect, 5).request())
        assert opening.question == question
        assert opening.variables == (("orders", "pandas.DataFrame"), ("logs", "str"))
        assert opening.first_variable == ("orders", "pandas.DataFrame")


def test_a_request_that_is_not_an_opening_reads_as_empty() -> None:
    opening = Conversation.read_opening(sub_request("Summarize: Question: no"))
    assert opening.question == "" and opening.variables == ()
    assert not Conversation.is_root(sub_request("x"))
    assert Conversation.is_root(Conversation.start("q", DESCRIBED, None, 5).request())


def test_turns_alternate_and_think_text_is_not_sent_back() -> None:
    conversation = Conversation.start("q", DESCRIBED, None, 5)
    conversation.add_turn("<think>secret plan</think>```repl\nprint(1)\n```", "[output]\n1")
    messages = conversation.request()
    example = len(prompts.worked_example())
    assert [m["role"] for m in messages] == ["system", *["user", "assistant"] * (example // 2), "user", "assistant",
                                             "user"]
    assert "secret plan" not in messages[-2]["content"] and Conversation.turn(messages) == 1
    assert conversation.request("last word")[-1] == {"role": "user", "content": "last word"}
    assert len(conversation.request()) == len(messages)  # asking with an extra message does not change it


def test_the_worked_example_comes_before_the_question_and_is_not_the_models() -> None:
    """The example's turns are sent, but they are not the run's question, turns, replies or data."""
    messages = Conversation.start("How many rows?", DESCRIBED, None, 5).request()
    assert messages[1:-1] == prompts.worked_example() and "Ortega" in messages[1]["content"]
    opening = Conversation.read_opening(messages)
    assert opening.question == "How many rows?" and opening.first_variable == ("orders", "pandas.DataFrame")
    assert Conversation.turn(messages) == 0 and Conversation.replay_key(messages)["replies"] == []
    assert "Ortega" not in Conversation.given(messages) and "How many rows?" in Conversation.given(messages)


def test_a_recording_made_before_the_worked_example_reads_the_same() -> None:
    """Records of earlier prompt versions open with the question right after the system prompt."""
    question = prompts.first_message("How many rows?", DESCRIBED, None, 5)
    old = [{"role": "system", "content": "S"}, {"role": "user", "content": question},
           {"role": "assistant", "content": "A"}, {"role": "user", "content": "out"}]
    assert Conversation.read_opening(old).question == "How many rows?" and Conversation.turn(old) == 1


def test_request_returns_a_copy() -> None:
    conversation = Conversation.start("q", DESCRIBED, None, 5)
    conversation.request()[0]["content"] = "tampered"
    assert conversation.request()[0]["content"] != "tampered"


def test_a_short_history_is_not_compacted() -> None:
    follow, compaction = Conversation.follow(grown(2, 10), "and per week?", None, None, 5, 60_000)
    assert compaction is None
    assert follow.request()[:-2] == grown(2, 10).request()  # then "(no answer)" and the new question
    assert "and per week?" in follow.request()[-1]["content"]


def test_a_long_history_keeps_its_head_and_recent_turns_and_digests_the_middle() -> None:
    earlier = grown(10)
    follow, compaction = Conversation.follow(earlier, "and per week?", None, None, 5, 3_000)
    assert compaction is not None and compaction.chars_after < compaction.chars_before
    messages, before = follow.request(), earlier.request()
    head = 2 + len(prompts.worked_example())
    assert messages[:head] == before[:head]  # system prompt, worked example and the first question
    assert "earlier messages compacted" in messages[head + 1]["content"]
    assert messages[-2 - KEEP_RECENT:-2] == before[-KEEP_RECENT:]  # then "(no answer)" and the new question
    roles = [m["role"] for m in messages]
    assert all(a != b for a, b in itertools.pairwise(roles)), roles  # still alternating


def test_a_follow_up_after_feedback_keeps_roles_alternating() -> None:
    follow, _ = Conversation.follow(grown(1, 10), "next?", None, None, 5, 60_000)
    roles = [m["role"] for m in follow.request()]
    assert roles[-3:] == ["user", "assistant", "user"]


def test_a_recorded_run_rebuilds_every_root_request() -> None:
    opening = Conversation.start("q", DESCRIBED, None, 5)
    run = Run(id="r", question="q", model="m", sub_model="s", root_prompt=opening.request())
    run.iterations = [Iteration(index=0, reply="A", feedback="fa"), Iteration(index=1, reply="B", feedback=None)]
    requests = Conversation.root_requests(run)
    assert requests[0] == opening.request()
    assert requests[1] == opening.request() + [{"role": "assistant", "content": "A"},
                                               {"role": "user", "content": "fa"}]
    assert Conversation.of_run(run).request()[-1] == {"role": "assistant", "content": "B"}


def test_the_replay_key_ignores_feedback_but_not_replies() -> None:
    first, second = grown(1, 10), Conversation.start("How many?", DESCRIBED, None, 20)
    second.add_turn("turn 0 " + "r" * 10, "output that changed with the data")
    assert Conversation.replay_key(first.request()) == Conversation.replay_key(second.request())
    other = Conversation.start("How many?", DESCRIBED, None, 20)
    other.add_turn("a different reply", "output 0")
    assert Conversation.replay_key(first.request()) != Conversation.replay_key(other.request())
