"""Bounding and wording text: the one truncator, bounded repr, plural and token estimate.

Why one leaf module for all layers: the engine, the client, the panel and the
report all bound text that flows into prompts, records and pages. Had each its
own helper, they would drift (different markers, different caps, a repr that
builds a 40M-character string before cutting it). This module imports nothing
from the package, so ``llm/``, ``engine/`` and ``jupyter/`` can all use it.
"""
from __future__ import annotations

import reprlib

CHARS_PER_TOKEN = 4
"""A cheap, tokenizer-free estimate (English prose and code run at ~4 characters per token).
Used only where a server did not report a count, or before a call to check a window or a rate limit."""


def estimate_tokens(chars: int) -> int:
    """Tokens for ``chars`` characters of text, by ``CHARS_PER_TOKEN``; never 0 for non-empty text."""
    return -(-chars // CHARS_PER_TOKEN)


def clip(text: str, limit: int, *, keep: str = "middle", unit: str = "characters", marker: str = "...") -> str:
    """Bound ``text`` to about ``limit`` characters, with a marker that says how much was cut.

    ``keep="middle"`` keeps the head *and* the tail: the start of an output
    shows its shape, the end shows the result or the error, and a model shown
    only a head keeps re-printing. ``keep="head"`` keeps the start only, for
    one-line previews, and ends with ``marker``; the result is at most ``limit`` characters.
    """
    if len(text) <= limit:
        return text
    if keep == "head":
        return text[:max(limit - len(marker), 0)] + marker
    head = limit * 2 // 3
    tail = limit - head
    return f"{text[:head]}\n... [{len(text) - limit:,} {unit} truncated] ...\n{text[len(text) - tail:]}"


class _BoundedRepr(reprlib.Repr):
    """``reprlib`` bounds containers and strings while it builds them; this also names a failing ``__repr__``."""

    def repr_instance(self, obj: object, level: int) -> str:
        try:
            text = repr(obj)
        except Exception as exc:
            return f"<{type(obj).__qualname__}: repr failed: {type(exc).__name__}>"
        return clip(text, self.maxother, keep="head")


def bounded_repr(obj: object, limit: int = 20_000) -> str:
    """``repr(obj)`` in at most ``limit`` characters; never raises.

    Bounded while it is built (``reprlib``), so the repr of a 40M-character
    string or a million-item list is never materialized; a ``__repr__`` that
    raises is reported in the text instead of propagating, because a broken
    object in the user's data must not lose the rest of a record or prompt.
    Objects ``reprlib`` does not know use their own ``repr``, then clipped.
    """
    bounded = _BoundedRepr()  # one per call: sub-call threads call this concurrently
    bounded.maxlist = bounded.maxtuple = bounded.maxdict = bounded.maxset = bounded.maxfrozenset = 100
    bounded.maxdeque, bounded.maxlong, bounded.maxlevel = 100, 2_000, 4
    bounded.maxstring = bounded.maxother = max(limit, 8)
    try:
        text = bounded.repr(obj)
    except Exception as exc:
        return f"<{type(obj).__qualname__}: repr failed: {type(exc).__name__}>"
    return clip(text, limit, keep="head")


def plural(n: int, noun: str) -> str:
    """``plural(1, "sub-call")`` -> "1 sub-call", ``plural(1200, "row")`` -> "1,200 rows"."""
    return f"{n:,} {noun}" + ("" if n == 1 else "s")


def encodable(text: str) -> str:
    """``text`` with what UTF-8 cannot encode (lone surrogates, as ``os.fsdecode`` makes of undecodable file
    names) escaped as ``\\udcxx``: a request body, a saved file or a kernel message would otherwise fail on it."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text
