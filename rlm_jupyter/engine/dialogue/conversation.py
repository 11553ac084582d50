"""The root conversation: the one place that knows how root messages are laid out.

Layout: a system prompt, a worked example as real turns (``prompts.worked_example``),
an opening user message (the question and the context descriptions), then one
(assistant reply, user feedback) pair per turn. A follow-up starts from the
earlier conversation, compacted when it has grown large, plus a new user message.

Why one type owns it: the loop builds it, the record rebuilds it (replay and
the JSONL log need every root request), compaction cuts it, replay keys on it
and the demo model reads it back. When each did its own indexing
(``messages[:2]``, "the first line of the first user message"), changing the
layout broke them one by one. Everything outside this module treats a root
request as opaque and asks this module what is in it.

Why compaction is deterministic (no model call): the compaction is part of
what the model read, so it must be recorded and reproducible; a digest of
each dropped turn keeps the facts the model found without paying for a
summary call.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ...text import clip
from . import prompts
from .protocol import strip_think

Message = dict[str, str]


class RecordedTurn(Protocol):
    """What a recorded turn holds that the conversation needs (``record.trajectory.Iteration`` has it)."""

    @property
    def reply(self) -> str: ...

    @property
    def feedback(self) -> str | None: ...


class RecordedRun(Protocol):
    """What a recorded run holds that rebuilding its conversation needs (``record.trajectory.Run`` has it).

    Why a protocol and not the class: the record is built on top of the dialogue (it stores messages and
    compactions), so the dialogue naming the record's class would make the two packages import each other.
    """

    @property
    def root_prompt(self) -> Sequence[Message]: ...

    @property
    def iterations(self) -> Sequence[RecordedTurn]: ...

KEEP_RECENT = 4  # messages a compaction keeps verbatim at the end: the last two turns
DIGEST_CHARS = 150  # what a compaction keeps of each older message
_BRIDGE: Message = {"role": "assistant", "content": "Understood."}
# Tighter and tighter caps on earlier outputs when a request does not fit the root model's window.
FIT_STEPS = (4_000, 1_500, 500)
_VARIABLE = re.compile(r"^`([A-Za-z_]\w*)`: ([\w.]+)", re.MULTILINE)


@dataclass(frozen=True)
class Compaction:
    """What was compacted before a follow-up started (stored in ``Run.compactions``)."""

    messages_before: int
    messages_after: int
    chars_before: int
    chars_after: int


@dataclass(frozen=True)
class Opening:
    """What a root request says about its run: the question and the context variables described."""

    question: str
    variables: tuple[tuple[str, str], ...]  # (name, type) of each described variable, in order

    @property
    def first_variable(self) -> tuple[str, str] | None:
        return self.variables[0] if self.variables else None


class Conversation:
    """The messages of a run's root calls, built and read only through these methods."""

    def __init__(self, messages: Sequence[Message]) -> None:
        self._messages = [dict(m) for m in messages]
        self.output_cap: int | None = None  # set by ``tighten``: every feedback is sent cut to this many characters

    # -- building ---------------------------------------------------------------------------------------------
    @classmethod
    def start(cls, question: str, descriptions: str, expect: str | None, max_iterations: int) -> Conversation:
        """A new run: the system prompt and the question with its context descriptions."""
        return cls([{"role": "system", "content": prompts.SYSTEM_PROMPT}, *prompts.worked_example(),
                    {"role": "user", "content": prompts.first_message(question, descriptions, expect,
                                                                      max_iterations)}])

    @classmethod
    def follow(cls, earlier: Conversation, question: str, descriptions: str | None, expect: str | None,
               max_iterations: int, history_chars: int) -> tuple[Conversation, Compaction | None]:
        """A follow-up question after ``earlier``, compacted past ``history_chars`` characters."""
        messages, compaction = _compact(earlier._messages, history_chars)
        if messages[-1]["role"] == "user":  # the earlier run ended on our feedback: keep roles alternating
            messages = messages + [{"role": "assistant", "content": "(no answer)"}]
        follow_up = prompts.follow_up(question, descriptions, expect, max_iterations)
        return cls(messages + [{"role": "user", "content": follow_up}]), compaction

    @classmethod
    def of_run(cls, run: RecordedRun) -> Conversation:
        """The conversation as it stood after ``run``'s last turn, rebuilt from its record."""
        conversation = cls(run.root_prompt)
        for it in run.iterations:
            conversation.add_turn(it.reply, it.feedback)
        return conversation

    def add_turn(self, reply: str, feedback: str | None) -> None:
        """The model's reply (without its ``<think>`` text) and, unless the run ended, our feedback."""
        self._messages.append({"role": "assistant", "content": strip_think(reply)})
        if feedback is not None:
            self._messages.append({"role": "user", "content": feedback})

    def request(self, extra: str | None = None) -> list[Message]:
        """The messages of the next root call (a copy), optionally with one more user message."""
        cap = self.output_cap
        head = _head(self._messages) if cap is not None else 0  # only a cut needs to know where the turns start
        messages = [dict(m, content=clip(m["content"], cap)) if cap is not None and i >= head and m["role"] == "user"
                    else dict(m) for i, m in enumerate(self._messages)]
        return messages + [{"role": "user", "content": extra}] if extra is not None else messages

    def tighten(self) -> bool:
        """Cut the outputs the model is sent to the next step of ``FIT_STEPS``; False when none is left.

        Why: a root model with a small window (a local 8K-token model) refuses the whole request once two
        20,000-character outputs are in it, and the run would end there. Cutting the feedback (head and
        tail, as any output is cut) keeps the system prompt, the question and every reply intact. The
        record keeps each feedback whole (``Iteration.feedback``) and replay keys on the replies only.
        """
        smaller = [step for step in FIT_STEPS if self.output_cap is None or step < self.output_cap]
        if not smaller:
            return False
        self.output_cap = smaller[0]
        return True

    @property
    def chars(self) -> int:
        return _chars(self._messages)

    # -- reading a recorded run --------------------------------------------------------------------------------
    @staticmethod
    def root_requests(run: RecordedRun) -> list[list[Message]]:
        """The messages of each of ``run``'s root calls, in order (one per iteration)."""
        conversation, requests = Conversation(run.root_prompt), []
        for it in run.iterations:
            requests.append(conversation.request())
            conversation.add_turn(it.reply, it.feedback or "")
        return requests

    # -- reading a request back (replay, the demo model) ---------------------------------------------------
    @staticmethod
    def is_root(messages: Sequence[Message]) -> bool:
        """Root calls open with the system prompt; sub-calls are one user message."""
        return bool(messages) and messages[0].get("role") == "system"

    @staticmethod
    def read_opening(messages: Sequence[Message]) -> Opening:
        """The question and the described variables of the run that sent this root request."""
        opening = _opening_text(messages)
        question = prompts.question_of(opening) or ""
        variables = tuple((m.group(1), m.group(2)) for m in _VARIABLE.finditer(opening))
        return Opening(question, variables)

    @staticmethod
    def given(messages: Sequence[Message]) -> str:
        """What the opening message shows of the user's input: the question and the data's descriptions."""
        return prompts.without_instructions(_opening_text(messages))

    @staticmethod
    def turn(messages: Sequence[Message]) -> int:
        """How many replies the model has given before this request (0 for the first call; the worked
        example's replies are not the model's)."""
        return sum(m.get("role") == "assistant" for m in messages[_head(messages):])

    @staticmethod
    def replay_key(messages: Sequence[Message]) -> dict[str, object]:
        """What replay matches a root call on: the question and the model's replies so far.

        Not our feedback: it holds code output, which legitimately changes when
        the recorded code is replayed against changed data.
        """
        return {"root": Conversation.read_opening(messages).question,
                "replies": [m["content"] for m in messages[_head(messages):] if m.get("role") == "assistant"]}


def sub_request(prompt: str) -> list[Message]:
    """A sub-call's messages: the prompt alone (the sub-model knows nothing else)."""
    return [{"role": "user", "content": prompt}]


def _opening_index(messages: Sequence[Message]) -> int | None:
    """Where the run's opening message is: the first user message ``prompts.question_of`` reads, else the
    first user message (a recording made before the worked example, or a request from elsewhere)."""
    users = [i for i, m in enumerate(messages) if m.get("role") == "user"]
    return next((i for i in users if prompts.question_of(str(messages[i].get("content", ""))) is not None),
                users[0] if users else None)


def _opening_text(messages: Sequence[Message]) -> str:
    index = _opening_index(messages)
    return "" if index is None else str(messages[index].get("content", ""))


def _head(messages: Sequence[Message]) -> int:
    """How many messages open the conversation (system prompt, worked example, opening question): a
    compaction always keeps them, and only the messages after them are the model's turns."""
    index = _opening_index(messages)
    return 0 if index is None else index + 1


def _chars(messages: Iterable[Message]) -> int:
    return sum(len(m["content"]) for m in messages)


def _compact(messages: list[Message], limit: int) -> tuple[list[Message], Compaction | None]:
    """Keep the system prompt, the first question and the recent turns; digest the middle.

    Returns the messages unchanged (and None) while they fit in ``limit`` characters.
    """
    keep = _head(messages)
    if _chars(messages) <= limit or len(messages) <= keep + KEEP_RECENT:
        return messages, None
    head, middle, tail = messages[:keep], messages[keep:-KEEP_RECENT], messages[-KEEP_RECENT:]
    lines = [f"[{len(middle)} earlier messages compacted; what each turn did, in order:]"]
    lines += [f"- {m['role']}: {clip(' '.join(m['content'].split()), DIGEST_CHARS, keep='head')}" for m in middle]
    digest = {"role": "user", "content": "\n".join(lines)}
    # Roles must keep alternating (some providers reject two user messages in a row): bridge where needed.
    before = [_BRIDGE] if head[-1]["role"] == "user" else []
    after = [_BRIDGE] if tail[0]["role"] == "user" else []
    result = head + before + [digest] + after + tail
    if _chars(result) >= _chars(messages):  # short turns: a digest would not save anything
        return messages, None
    return result, Compaction(len(messages), len(result), _chars(messages), _chars(result))
