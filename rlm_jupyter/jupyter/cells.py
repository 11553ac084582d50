"""One code block as a notebook shows a cell: the code, its streams, then its rich display outputs.

Why its own module: the live panel shows each block as it finishes and the
report shows them all, and both must show a block the way Jupyter would
(DataFrame tables, embedded plots, the traceback marked as an error).
"""
from __future__ import annotations

import base64
from collections.abc import Iterable, Mapping
from typing import Any

from ..engine.record.trajectory import CodeCell
from .markup import ERROR_STYLE, code_html, esc, pre

MAX_EMBED_CHARS = 2_000_000  # raw HTML/SVG/image payloads above this fall back to a text representation

_STREAM_STYLES = {  # (visible label, extra inline style); the label marks the stream where styles are stripped
    "stdout": ("", ""),
    "stderr": ("stderr", "background: #fff8e1"),
    "value": ("value", ""),
    "error": ("error", ERROR_STYLE),
}
_EMBEDDED_IMAGES = ("image/png", "image/jpeg", "image/gif")
# Preference order for a display bundle, as Jupyter's own renderers choose.
_MIME_ORDER = ("text/html", "image/png", "image/svg+xml", "image/jpeg", "image/gif", "text/markdown", "text/plain")
_RAW_MIMES = ("text/html", "image/svg+xml")


def cell_html(cell: CodeCell) -> str:
    """One code block as a notebook shows a cell: the code, then what it printed, returned, raised, displayed."""
    streams = [("stdout", cell.stdout), ("stderr", cell.stderr), ("value", cell.value), ("error", cell.error)]
    parts = [code_html(cell.code)]
    parts += [_stream(kind, text) for kind, text in streams if text]
    parts.append(outputs_html(cell.outputs))
    return f'<div class="rlm-cell">{"".join(parts)}</div>'


def _stream(kind: str, text: str) -> str:
    """One stream, labelled in words as well as coloured: viewers that strip styles still tell stderr from stdout."""
    label, style = _STREAM_STYLES[kind]
    caption = f"<small><b>{label}</b></small>" if label else ""
    return f'<div class="rlm-{kind}">{caption}{pre(text, style=style)}</div>'


def outputs_html(outputs: Iterable[Mapping[str, Any]]) -> str:
    """The rich display outputs of a cell (DataFrame tables, plots), in display order."""
    return "".join(_bundle_html(o) for o in outputs)


def _bundle_html(output: Mapping[str, Any]) -> str:
    """The richest representation that fits: an oversized one must not bloat the saved notebook."""
    data = output.get("data", output)  # tolerate a bare mime bundle as well as {"data", "metadata"}
    metadata = output.get("metadata") or {}
    for mime in _MIME_ORDER:
        if mime not in data:
            continue
        payload = _payload(data[mime])
        if len(payload) <= MAX_EMBED_CHARS or not (mime in _RAW_MIMES or mime in _EMBEDDED_IMAGES):
            return f'<div class="rlm-output">{_render_mime(mime, payload, metadata)}</div>'
    kinds = ", ".join(str(m) for m in data) or "nothing"
    return f'<div class="rlm-output">{pre(f"[display output not shown: {kinds}]")}</div>'


def _payload(value: Any) -> str:
    """nbformat stores long texts as lists of lines; IPython may hand images over as bytes."""
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(bytes(value)).decode("ascii")
    if isinstance(value, list):
        return "".join(str(v) for v in value)
    return value if isinstance(value, str) else str(value)


def _render_mime(mime: str, data: str, metadata: Mapping[str, Any]) -> str:
    """One representation as HTML: markup sanitized, images inline, anything else as escaped text.

    Why sanitize: these outputs were displayed by the *model's* code in a
    hidden cell, and the panel and the saved report would otherwise carry its
    ``<script>`` into every page that shows them. SVG goes in as an image,
    where a browser runs none of its scripts; a plot still draws.
    """
    if mime == "text/html":
        return sanitize_html(data)
    if mime == "image/svg+xml":
        encoded = base64.b64encode(data.encode("utf-8", "backslashreplace")).decode("ascii")
        return _image(mime, encoded, metadata)
    if mime in _EMBEDDED_IMAGES:
        return _image(mime, data, metadata)
    return pre(data)


# Tables keep their look (pandas writes class, border and style); images may be data URLs; nothing scripts.
_HTML_ATTRIBUTES = {"*": {"class", "style", "title", "align", "valign", "width", "height", "border"},
                    "img": {"src", "alt"}, "a": {"href"}, "td": {"colspan", "rowspan"}, "th": {"colspan", "rowspan"}}
_URL_SCHEMES = {"http", "https", "data", "mailto"}


def sanitize_html(markup: str) -> str:
    """Model-displayed HTML with scripts, event handlers and ``javascript:`` URLs removed (ammonia, via nh3)."""
    import nh3

    return str(nh3.clean(markup, tags=nh3.ALLOWED_TAGS | {"style"}, clean_content_tags={"script"},
                         attributes=_HTML_ATTRIBUTES, url_schemes=_URL_SCHEMES, link_rel="noopener noreferrer"))


def _image(mime: str, data: str, metadata: Mapping[str, Any]) -> str:
    """An ``<img>`` with a data URI, so the saved page needs no separate files; sized as the output asked."""
    size = metadata.get(mime, {}) if isinstance(metadata.get(mime), Mapping) else {}
    dims = "".join(f' {k}="{esc(str(size[k]))}"' for k in ("width", "height") if k in size)
    return f'<img src="data:{mime};base64,{esc("".join(data.split()))}" alt="{mime} output"{dims}>'
