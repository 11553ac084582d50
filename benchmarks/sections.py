"""One section of RESULTS.md replaced by a benchmark that writes only its own part (``--write``).

Why a module of its own: the acceptance and the guard benchmarks each own one section, written by hand-run
commands at other times than ``python -m benchmarks``; each must leave every other byte of the file as it
was. A section runs from its heading to the next heading of the same level, and a new one goes just before
"Real model", where both a scripted run (which keeps the hand-written notes from there on) and a ``--real``
run (which keeps everything before it) leave it alone.
"""
from __future__ import annotations

from pathlib import Path

BEFORE = "## Real model"


def section_of(text: str, heading: str) -> tuple[int, int] | None:
    """Where the section ``heading`` is in ``text``: from its heading to the next heading of its level or the end."""
    if text.startswith(heading + "\n"):
        start = 0
    else:
        at = text.find("\n" + heading + "\n")
        if at == -1:
            return None
        start = at + 1
    end = text.find("\n## ", start + len(heading))
    return start, (end + 1 if end != -1 else len(text))


def put_section(text: str, heading: str, section: str) -> str:
    """``text`` with its ``heading`` section replaced by ``section`` (or added just before "Real model"); the rest
    byte for byte as it was."""
    section = section.rstrip("\n") + "\n"
    where = section_of(text, heading)
    if where is not None:
        start, end = where
        return text[:start] + section + ("\n" if end < len(text) else "") + text[end:]
    before = text.find("\n" + BEFORE)
    if before != -1:
        return text[: before + 1] + section + "\n" + text[before + 1:]
    return text.rstrip("\n") + "\n\n" + section


def write_section(path: Path, heading: str, section: str) -> None:
    text = path.read_text(encoding="utf-8") if path.exists() else "# Benchmark results\n"
    path.write_text(put_section(text, heading, section), encoding="utf-8")
