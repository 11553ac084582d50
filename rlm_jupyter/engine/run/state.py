"""One run's state while it runs: what its turns read and change, in one place.

Why one record of it: the loop, the end of a run (``ending``) and the recovery of an answer all read the same
record, namespace, conversation and policy; passed around one by one, they drifted apart.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...llm.client import Completion
from ..dialogue.conversation import Conversation
from ..dialogue.helpers import FinalSlot
from ..dialogue.protocol import ParsedReply
from ..record.events import EndpointNotice, EventBus
from ..record.trajectory import Run
from ..safety import guard
from ..safety.secrets import Redactor
from ..trust.acceptance import Acceptance
from .budget import Budget
from .session import Session
from .subcalls import SubCalls


class Repeats:
    """Detects the endless re-verification loop: the same turn, again and again."""

    STOP_AFTER = 2  # the third identical turn in a row stops the run

    def __init__(self) -> None:
        self._last: str | None = None
        self.count = 0

    def same_as_last(self, parsed: ParsedReply) -> bool:
        key = " ".join("\n".join(parsed.code + parsed.unrun).split()) or " ".join(parsed.prose.split())
        self.count = self.count + 1 if key and key == self._last else 0
        self._last = key
        return self.count > 0


@dataclass
class RunState:
    """Everything one run's turns read and change: the record, the REPL, the conversation, the policy."""

    session: Session
    run: Run
    ns: dict[str, Any]
    subcalls: SubCalls
    conversation: Conversation
    acceptance: Acceptance
    baseline: frozenset[str]  # the names bound before the model's first block: not the model's
    guarded: guard.Registration | None  # the guard's watch over this run's namespace, and where the run is
    final: FinalSlot = field(default_factory=FinalSlot)
    repeats: Repeats = field(default_factory=Repeats)

    @property
    def bus(self) -> EventBus:
        return self.session.bus

    @property
    def budget(self) -> Budget:
        return self.session.meter.budget

    @property
    def redact(self) -> Redactor:
        return self.session.clients.redact

    def redacted(self, answer: object) -> object:
        """An answer as the record keeps it: a string redacted (the model may have copied a key into it)."""
        return self.redact(answer) if isinstance(answer, str) else answer

    def notice(self, text: str) -> None:
        """What the endpoint made us do, said once per run (panel header, report)."""
        if text not in self.run.notices:
            self.run.notices.append(text)
            self.bus.emit(EndpointNotice(self.run, text))

    def root_call(self, on_text: Callable[[str], None] | None, extra: str | None = None,
                  resample: bool = False) -> Completion:
        """One root call (with the endpoint's fallbacks, ``llm.fallbacks``), charged to the run."""
        conversation = self.conversation
        done = self.session.clients.root.complete(lambda: conversation.request(extra),
                                                  lambda: conversation.output_cap if conversation.tighten() else None,
                                                  self.notice, on_text, resample)
        self.session.meter.charge(self.run, self.run.model, done)
        return done
