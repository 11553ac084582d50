"""Run a real LiteLLM proxy (``litellm[proxy]`` from PyPI) in front of a local OpenAI-compatible server, for tests.

Usage::

    from .litellm_proxy import LITELLM_AVAILABLE, LITELLM_UNAVAILABLE_REASON, start_litellm_proxy

    @pytest.mark.skipif(not LITELLM_AVAILABLE, reason=LITELLM_UNAVAILABLE_REASON)
    def test_through_litellm(fake_llm, tmp_path):
        with start_litellm_proxy(fake_llm.base_url, {"demo-root": (1.0, 2.0)}, tmp_path) as proxy:
            client = openai.OpenAI(base_url=proxy.v1_url, api_key=proxy.api_key)
            ...

(or call it unguarded and turn :class:`LiteLLMUnavailable` into ``pytest.skip(str(exc))``).

Where litellm is found, in this order: ``$RLM_LITELLM`` (a path to a ``litellm`` executable, e.g. a separate
venv's ``bin/litellm``: litellm[proxy] pins polars<2, python-dateutil<3 and importlib-metadata<9, so it may
live outside the project's venv), then ``litellm`` importable by this interpreter (run as
``python -m litellm.proxy.proxy_cli``), then ``litellm`` on ``PATH``. The proxy is a subprocess, so it never has
to be importable here.

What the proxy needs, found by experiment with litellm 1.108.7:

- A master key: without one it refuses to start (``UnsafeMasterKeyError``). A random ``sk-...`` key is made per
  proxy; clients send it as their API key. No database is needed (``/health/readiness`` says "db: Not connected").
- Offline and quiet: ``LITELLM_LOCAL_MODEL_COST_MAP=True`` (otherwise it fetches the cost map from GitHub, with
  retries), ``LITELLM_TELEMETRY_DISABLED=true``, ``LITELLM_DONT_SHOW_FEEDBACK_BOX=true``, ``LITELLM_LOG=ERROR``.
  With these, strace shows no connection but to the backend.
- Readiness: ``GET /health/liveliness`` answers 200 ``"I'm alive!"`` without auth once uvicorn serves; startup
  takes ~11-18 s on a 2-core machine, so the default bound is generous.
- ``router_settings.num_retries`` is 0 here by default: otherwise a backend 5xx is retried (3 backend requests
  for one client request), while a 4xx is never retried.
"""
from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "LITELLM_AVAILABLE", "LITELLM_COMMAND", "LITELLM_ENV_VAR", "LITELLM_UNAVAILABLE_REASON", "LiteLLMProxy",
    "LiteLLMProxyError", "LiteLLMUnavailable", "find_litellm_command", "litellm_unavailable_reason", "proxy_config",
    "start_litellm_proxy",
]

LITELLM_ENV_VAR = "RLM_LITELLM"
PROJECT_VENV = Path(__file__).resolve().parents[1] / ".venv-litellm" / "bin" / "litellm"  # scripts/test installs it
READINESS_PATH = "/health/liveliness"

# Offline and quiet, and no database even if the caller's environment names one.
PROXY_ENV = {
    "LITELLM_LOCAL_MODEL_COST_MAP": "True",
    "LITELLM_TELEMETRY_DISABLED": "true",
    "LITELLM_DONT_SHOW_FEEDBACK_BOX": "true",
    "LITELLM_LOG": "ERROR",
    "PYTHONUNBUFFERED": "1",
    "NO_PROXY": "127.0.0.1,localhost",
    "no_proxy": "127.0.0.1,localhost",
}
_DROPPED_ENV = ("DATABASE_URL", "LITELLM_MASTER_KEY", "LITELLM_SALT_KEY", "LITELLM_CONFIG_BUCKET_NAME")


class LiteLLMUnavailable(RuntimeError):
    """No litellm proxy can be run here; ``str(exc)`` is a reason fit for ``pytest.skip``."""


class LiteLLMProxyError(RuntimeError):
    """The proxy exited or did not become ready in time; the message ends with the tail of its log."""


def find_litellm_command() -> list[str] | None:
    """The argv prefix that runs the litellm proxy CLI, or None when none is found (see the module docstring)."""
    explicit = os.environ.get(LITELLM_ENV_VAR)
    if explicit:
        return [explicit] if os.access(explicit, os.X_OK) else None
    if os.access(PROJECT_VENV, os.X_OK):
        return [str(PROJECT_VENV)]
    if importlib.util.find_spec("litellm") is not None:
        return [sys.executable, "-m", "litellm.proxy.proxy_cli"]
    on_path = shutil.which("litellm")
    return [on_path] if on_path else None


LITELLM_COMMAND = find_litellm_command()
LITELLM_AVAILABLE = LITELLM_COMMAND is not None
def litellm_unavailable_reason() -> str:
    """Why :func:`find_litellm_command` finds nothing, fit for ``pytest.skip``; "" when it finds litellm."""
    if find_litellm_command() is not None:
        return ""
    explicit = os.environ.get(LITELLM_ENV_VAR)
    if explicit:
        return f"${LITELLM_ENV_VAR}={explicit!r} is not an executable litellm"
    return (f"litellm is not installed: `pip install 'litellm[proxy]'` here, or in a separate venv with "
            f"${LITELLM_ENV_VAR} set to its bin/litellm")


LITELLM_UNAVAILABLE_REASON = litellm_unavailable_reason()


@dataclass(frozen=True)
class LiteLLMProxy:
    """A running proxy. Both ``base_url`` and ``v1_url`` work as an OpenAI client's ``base_url``."""

    base_url: str  # http://127.0.0.1:PORT
    api_key: str  # the proxy's master key: what a client sends as its API key
    config_path: Path
    log_path: Path
    process: subprocess.Popen[bytes]

    @property
    def v1_url(self) -> str:
        return self.base_url + "/v1"

    def log_tail(self, lines: int = 60) -> str:
        """The last ``lines`` lines of the proxy's combined stdout and stderr."""
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])


def proxy_config(backend_base_url: str, models: Mapping[str, tuple[float, float]], *, num_retries: int = 0) -> dict[
        str, object]:
    """The proxy's config: each model name routed as ``openai/<name>`` to the backend, priced per token.

    ``models`` maps a model name to its (input, output) price in dollars per 1M tokens.
    """
    model_list = [
        {
            "model_name": name,
            "litellm_params": {
                "model": f"openai/{name}",
                "api_base": backend_base_url,
                "api_key": "x",
                "input_cost_per_token": input_price / 1_000_000,
                "output_cost_per_token": output_price / 1_000_000,
            },
        }
        for name, (input_price, output_price) in models.items()
    ]
    return {"model_list": model_list, "router_settings": {"num_retries": num_retries}}


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _is_ready(base_url: str) -> bool:
    try:
        with urllib.request.urlopen(base_url + READINESS_PATH, timeout=2) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError):
        return False


def _stop(process: subprocess.Popen[bytes], grace: float = 10.0) -> None:
    """SIGTERM the proxy's process group, then SIGKILL it if it has not exited within ``grace`` seconds."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        if process.poll() is not None:
            break
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            break
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            continue
    # Workers or reloaders left in the group once the leader is gone.
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


@contextlib.contextmanager
def start_litellm_proxy(
    backend_base_url: str,
    models: Mapping[str, tuple[float, float]],
    tmp_dir: Path,
    *,
    startup_timeout: float = 120.0,
    num_retries: int = 0,
    env: Mapping[str, str] | None = None,
) -> Iterator[LiteLLMProxy]:
    """Start a LiteLLM proxy on a free loopback port in front of ``backend_base_url``; stop it on exit.

    ``backend_base_url`` is what an OpenAI client would use for the backend (``http://127.0.0.1:PORT/v1``).
    ``models`` maps each model name the proxy serves to its (input, output) price in dollars per 1M tokens.
    The config and the proxy's log go to ``tmp_dir``, which is also its working directory. ``env`` adds or
    overrides environment variables of the proxy. Raises :class:`LiteLLMUnavailable` when litellm is not found,
    :class:`LiteLLMProxyError` (with the log's tail) when the proxy exits or is not ready within
    ``startup_timeout`` seconds.
    """
    command = find_litellm_command()
    if command is None:
        raise LiteLLMUnavailable(litellm_unavailable_reason())
    tmp_dir.mkdir(parents=True, exist_ok=True)
    config_path = tmp_dir / "litellm_config.yaml"
    # YAML is a superset of JSON: no yaml package needed on this side.
    config_path.write_text(json.dumps(proxy_config(backend_base_url, models, num_retries=num_retries), indent=2),
                           encoding="utf-8")
    api_key = "sk-test-" + secrets.token_hex(16)
    proxy_env = {k: v for k, v in os.environ.items() if k not in _DROPPED_ENV}
    proxy_env.update(PROXY_ENV)
    proxy_env["LITELLM_MASTER_KEY"] = api_key
    proxy_env.update(env or {})

    for attempt in range(3):  # a free port can be taken between probing it and the proxy binding it
        port = _free_port()
        base_url = f"http://127.0.0.1:{port}"
        log_path = tmp_dir / f"litellm_proxy_{port}.log"
        with open(log_path, "wb") as log:
            process = subprocess.Popen(
                [*command, "--config", str(config_path), "--host", "127.0.0.1", "--port", str(port)],
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, cwd=tmp_dir, env=proxy_env,
                start_new_session=True,
            )
        proxy = LiteLLMProxy(base_url, api_key, config_path, log_path, process)
        try:
            deadline = time.monotonic() + startup_timeout
            while not _is_ready(base_url):
                if process.poll() is not None:
                    tail = proxy.log_tail()
                    if "address already in use" in tail.lower() and attempt < 2:
                        break
                    raise LiteLLMProxyError(
                        f"litellm proxy exited with status {process.returncode} before it was ready; "
                        f"log {log_path}:\n{tail}")
                if time.monotonic() > deadline:
                    raise LiteLLMProxyError(
                        f"litellm proxy not ready at {base_url}{READINESS_PATH} after {startup_timeout:.0f} s; "
                        f"log {log_path}:\n{proxy.log_tail()}")
                time.sleep(0.25)
            else:
                yield proxy
                return
        finally:
            _stop(process)
    raise AssertionError("unreachable")  # pragma: no cover
