"""A real IPython kernel driven over jupyter_client: for end-to-end tests and the demo."""
from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from jupyter_client.blocking.client import BlockingKernelClient
from jupyter_client.manager import KernelManager, start_new_kernel


@dataclass
class Execution:
    """Everything the kernel published on iopub for one execute request."""

    messages: list[dict[str, Any]] = field(default_factory=list)
    reply: dict[str, Any] = field(default_factory=dict)  # the execute_reply content (status, payload)

    def of(self, msg_type: str) -> list[dict[str, Any]]:
        return [m["content"] for m in self.messages if m["msg_type"] == msg_type]

    @property
    def stdout(self) -> str:
        return "".join(c["text"] for c in self.of("stream") if c["name"] == "stdout")

    @property
    def stderr(self) -> str:
        return "".join(c["text"] for c in self.of("stream") if c["name"] == "stderr")

    @property
    def errors(self) -> list[dict[str, Any]]:
        return self.of("error")

    @property
    def failure(self) -> str | None:
        """Why the cell failed, or None. A ``UsageError`` publishes no ``error`` message (IPython prints it to
        stderr), so the reply's status and stderr are read too: an empty ``errors`` alone does not mean success."""
        if self.errors:
            return str(self.errors[0]["evalue"]) + "\n" + "\n".join(self.errors[0]["traceback"])
        status = self.reply.get("status", "ok")
        if status != "ok":
            said = f"{self.reply.get('ename', status)}: {self.reply.get('evalue', '')}"
            return said if said.strip() in self.stderr else f"{said}\n{self.stderr}"
        return None

    @property
    def displays(self) -> list[dict[str, Any]]:
        """Every display the cell published, in order, including updates of an earlier display."""
        kinds = ("display_data", "update_display_data", "execute_result")
        return [m["content"] for m in self.messages if m["msg_type"] in kinds]

    @property
    def displayed(self) -> list[dict[str, Any]]:
        return [c["data"] for c in self.displays]

    @property
    def next_input(self) -> str | None:
        """Text a magic asked the frontend to put in a new cell (``shell.set_next_input``)."""
        return next((p["text"] for p in self.reply.get("payload", []) if p.get("source") == "set_next_input"), None)


class KernelSession:
    """Starts a kernel whose environment points the openai client at ``base_url``."""

    started = 0  # kernels started by this process; the test suite checks that tests starting one are marked

    def __init__(self, base_url: str, kernel_name: str = "python3", **env: str) -> None:
        KernelSession.started += 1
        kernel_env = {**os.environ, "OPENAI_BASE_URL": base_url, "OPENAI_API_KEY": "test-key", **env}
        self.manager: KernelManager
        self.client: BlockingKernelClient
        self.manager, self.client = start_new_kernel(startup_timeout=60, kernel_name=kernel_name, env=kernel_env)

    def execute(self, code: str, timeout: float = 120) -> Execution:
        return self.collect(self.client.execute(code), timeout)

    def collect(self, msg_id: str, timeout: float = 120) -> Execution:
        """Everything published for an execute request already sent (``self.client.execute``)."""
        result = Execution()
        while True:
            msg = self.client.get_iopub_msg(timeout=timeout)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                break
            result.messages.append(msg)
        while True:
            reply = self.client.get_shell_msg(timeout=timeout)
            if reply["parent_header"].get("msg_id") == msg_id:
                result.reply = reply["content"]
                return result

    def ok(self, code: str) -> Execution:
        """Execute and fail the test on any kernel error."""
        result = self.execute(code)
        assert result.failure is None, result.failure
        return result

    def value(self, expression: str) -> str:
        """The printed value of an expression in the kernel."""
        return self.ok(f"print({expression})").stdout.strip()

    def close(self) -> None:
        self.client.stop_channels()
        self.manager.shutdown_kernel(now=True)


@contextlib.contextmanager
def inherited_environment(**values: str) -> Iterator[None]:
    """``values`` in this process's environment for the duration: the kernels nbclient, papermill and nbconvert
    start here inherit it (they take no environment of their own). Put back as it was afterwards."""
    saved = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
