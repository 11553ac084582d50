"""Which code draws the documented screenshots, and whether docs/ was shot after that code last changed.

Why content hashes, not file times: a clone sets every file's time to the checkout's, so "older than the code"
can only be told by what the code was when the picture was taken. ``record`` runs when a browser test writes
into docs/ (``RLM_SCREENSHOT_DIR=docs``); ``stale`` is checked by a fast test on every run.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
MANIFEST = DOCS / "screenshots.json"
# Everything that decides what a screenshot of the panel or the report shows: the drawing modules, the words
# they use, the demo model that answers in them and the notebook they are taken from.
DRAWN_BY = sorted([
    *(f"rlm_jupyter/jupyter/{name}.py" for name in ("panel", "report", "timeline", "markup", "format", "cells",
                                                    "verdicts", "guard_lines", "subcall_table", "endpoint_marks",
                                                    "stop_button")),
    "rlm_jupyter/engine/record/spend.py", "rlm_jupyter/demo_model/root.py", "rlm_jupyter/demo_model/sub.py",
    "rlm_jupyter/demo_model/launch.py", "notebooks/build.py",
])


def digests() -> dict[str, str]:
    return {path: hashlib.sha256((ROOT / path).read_bytes()).hexdigest() for path in DRAWN_BY}


def _read() -> dict[str, dict[str, str]]:
    return json.loads(MANIFEST.read_text(encoding="utf-8")) if MANIFEST.is_file() else {}


def record(image: Path) -> None:
    """Note the drawing code's digests for an image just written into docs/ (elsewhere: nothing to note)."""
    if image.resolve().parent != DOCS:
        return
    manifest = _read()
    manifest[image.name] = digests()
    MANIFEST.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def stale(image: str) -> list[str]:
    """The drawing files changed since ``image`` was shot (all of them when it was never recorded)."""
    shot = _read().get(image, {})
    return [path for path, digest in digests().items() if shot.get(path) != digest]
