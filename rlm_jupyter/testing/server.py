"""The fake LLM server's command line: ``python -m rlm_jupyter.testing.server``.

Why a command line: shell scripts and out-of-process tests need the demo model
(or a scripted one, with latency, faults and a request log) on a fixed port,
outside any Python test. It is a test tool, so no console script installs it;
the demo model alone, for people, is ``python -m rlm_jupyter.demo_model``. The server itself lives in
``fake_llm`` (faults in ``faults``, responders in ``rlm_jupyter.demo_model``);
its names are re-exported here because this was their import path.
"""
from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from rlm_jupyter.demo_model import ROOT_MODEL, SUB_MODEL, demo_root, demo_sub
from rlm_jupyter.demo_model.responders import (
    ChatRequest,
    Reply,
    Responder,
    RuleBasedSubModel,
    Scripted,
)

from .fake_llm import FakeLLMServer, RequestRecord
from .faults import Fault

__all__ = [
    "ChatRequest", "FakeLLMServer", "Fault", "Reply", "RequestRecord", "Responder", "RuleBasedSubModel", "Scripted",
    "main",
]


def _parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m rlm_jupyter.testing.server",
                                     description="Serve a deterministic fake OpenAI API.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765, help="0 picks a free port")
    parser.add_argument("--latency", action="append", default=[], metavar="MODEL=SECONDS")
    parser.add_argument("--log", metavar="FILE", help="append one JSON line per request")
    parser.add_argument("--fault", action="append", default=[], metavar="JSON",
                        help='e.g. {"kind": "http", "status": 429}')
    parser.add_argument("--script", metavar="FILE.json", help=f'JSON list of replies for model "{ROOT_MODEL}"')
    return parser.parse_args(argv)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _build_server(args: argparse.Namespace) -> FakeLLMServer:
    root: Responder = demo_root
    if args.script:
        root = Scripted(json.loads(Path(args.script).read_text(encoding="utf-8")))
    latency = {}
    for item in args.latency:
        name, sep, seconds = item.rpartition("=")
        if not sep or not name:
            raise SystemExit(f"--latency expects MODEL=SECONDS, got {item!r}")
        latency[name] = float(seconds)
    return FakeLLMServer(
        models={ROOT_MODEL: root, SUB_MODEL: demo_sub}, default=demo_sub, latency=latency,
        faults=[Fault(**json.loads(spec)) for spec in args.fault], log_path=args.log, host=args.host, port=args.port,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m rlm_jupyter.testing.server``."""
    # Both signals mean "clean shutdown, exit 0".  Installed first thing, and
    # for SIGINT explicitly: a shell starting us with `&` ignores SIGINT, and
    # Python would otherwise keep ignoring it.
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, _interrupt)
    try:
        with _build_server(_parse_args(argv)) as server:
            print(f"serving on {server.base_url}", flush=True)
            while True:
                time.sleep(3600)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
