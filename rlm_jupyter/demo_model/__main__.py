"""``python -m rlm_jupyter.demo_model``: the bundled demo model on a fixed port, until SIGINT or SIGTERM.

Why it exists: Binder (``binder/start``), shell scripts and a JupyterLab started by hand need the demo model
(``demo-root`` / ``demo-sub``) in a process of its own, on a port known in advance, before any kernel runs
``%rlm demo``. ``python -m rlm_jupyter.testing.server`` can serve it too, but that is the
test server, with fault injection and request logs; a product path must not depend on ``rlm_jupyter.testing``,
so this entry point uses only ``rlm_jupyter.demo_model``.

    python -m rlm_jupyter.demo_model [--host 127.0.0.1] [--port 8765] [--latency SECONDS]
    OPENAI_BASE_URL=http://127.0.0.1:8765/v1 RLM_MODEL=demo-root RLM_SUB_MODEL=demo-sub jupyter lab

It prints ``serving on <base_url>`` once it listens, and exits 0 on SIGINT or SIGTERM, 1 when it cannot
listen, and 2 on bad arguments.
"""
from __future__ import annotations

import argparse
import signal
import sys
import time
from collections.abc import Sequence
from types import FrameType

from .launch import ROOT_MODEL, SUB_MODEL
from .root import demo_root
from .serving import ChatServer
from .sub import demo_sub


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port must be 0-65535, got {port}")
    return port


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= seconds < float("inf"):  # also rejects nan
        raise argparse.ArgumentTypeError(f"latency must be a finite number >= 0, got {text!r}")
    return seconds


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m rlm_jupyter.demo_model",
        description=f"Serve the bundled demo model ({ROOT_MODEL} / {SUB_MODEL}) as an OpenAI-compatible API "
                    "until SIGINT or SIGTERM.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: %(default)s)")
    parser.add_argument("--port", type=_port, default=8765, help="0 picks a free port (default: %(default)s)")
    parser.add_argument("--latency", type=_seconds, default=0.0, metavar="SECONDS",
                        help="added to every reply of both models (default: %(default)s)")
    return parser.parse_args(argv)


def build_server(args: argparse.Namespace) -> ChatServer:
    """The demo model's server, not started: what ``%rlm demo`` serves (``launch.start_demo_server``)."""
    latency = {ROOT_MODEL: args.latency, SUB_MODEL: args.latency} if args.latency else {}
    return ChatServer(models={ROOT_MODEL: demo_root, SUB_MODEL: demo_sub}, latency=latency,
                      host=args.host, port=args.port)


class _Stop(Exception):
    """Raised in the main thread by the first SIGINT or SIGTERM."""


def main(argv: Sequence[str] | None = None) -> int:
    """Serve until SIGINT or SIGTERM; the exit status (0 on either signal)."""
    stopping = False

    def _stop(signum: int, frame: FrameType | None) -> None:
        nonlocal stopping
        if not stopping:  # a second signal while shutting down changes nothing
            stopping = True
            raise _Stop

    # Both handlers explicitly, before anything else: a shell that starts us with `&` (binder/start does) has
    # SIGINT ignored, and Python keeps an ignored SIGINT ignored unless told otherwise.
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, _stop)
    try:
        server = build_server(parse_args(argv))
        try:
            server.start()
        except OSError as exc:  # the port is taken, or the host is not an address of this machine
            print(f"cannot listen on {server.host}:{server.port}: {exc}", file=sys.stderr, flush=True)
            return 1
        try:
            print(f"serving on {server.base_url}", flush=True)
            while True:
                time.sleep(3600)
        finally:
            server.stop()
    except _Stop:
        return 0


if __name__ == "__main__":
    sys.exit(main())
