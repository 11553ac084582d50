"""The README and every page under docs/ hold together: each relative link opens a file of the repository, each
#anchor is a heading GitHub generates, every page is found from the README, and each test a page names exists.

Why a Markdown parser and not a regex: a ``#`` line inside a code fence is not a heading, a link can sit in a table
cell, and a heading's anchor is made from its text with code spans included. markdown-it-py parses CommonMark
as GitHub does, and mdit-py-plugins' anchors follow GitHub's rule for making a heading's id.
"""
from __future__ import annotations

import importlib
import re
import urllib.parse
from functools import cache
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.anchors import anchors_plugin

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_MARKDOWN = MarkdownIt("commonmark").enable("table").use(anchors_plugin, min_level=1, max_level=6)


def _tokens(page: Path) -> list[Token]:
    return _MARKDOWN.parse(page.read_text(encoding="utf-8"))


@cache
def anchors(page: Path) -> frozenset[str]:
    """The ids GitHub gives the page's headings (a repeated heading gets ``-1``, ``-2``...)."""
    return frozenset(str(t.attrGet("id")) for t in _tokens(page) if t.type == "heading_open")


def links(page: Path) -> list[str]:
    """Every link and image target in the page's text (not in code), in order."""
    found: list[str] = []
    for block in _tokens(page):
        for token in block.children or []:
            target = token.attrGet("href") if token.type == "link_open" else token.attrGet("src")
            if token.type in ("link_open", "image") and target:
                found.append(str(target))
    return found


def broken(page: Path, target: str) -> str | None:
    """Why a relative link does not open, or None when it does (or is not relative)."""
    parts = urllib.parse.urlsplit(target)
    if parts.scheme or parts.netloc:
        return None
    path = (page.parent / urllib.parse.unquote(parts.path)).resolve() if parts.path else page
    if not path.is_relative_to(ROOT):
        return "points outside the repository"
    if not path.exists():
        return "no such file"
    if parts.fragment and path.suffix == ".md" and parts.fragment not in anchors(path):
        return f"no heading makes #{parts.fragment} in {path.relative_to(ROOT)}"
    return None


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_opens_a_file_and_a_heading(page: Path) -> None:
    problems = [(target, why) for target in links(page) if (why := broken(page, target))]
    assert problems == []


def test_the_check_finds_a_missing_file_a_missing_heading_and_a_link_out_of_the_repository(tmp_path: Path) -> None:
    readme = ROOT / "README.md"
    assert "docs/security.md#the-isolated-repl---isolated" in links(readme)  # links in a table cell are read too
    assert broken(readme, "docs/security.md#the-isolated-repl---isolated") is None
    assert broken(readme, "#share-and-verify") is None
    assert broken(readme, "https://example.invalid/nowhere") is None
    assert broken(readme, "docs/no-such-page.md") == "no such file"
    assert broken(readme, "docs/security.md#no-such-heading") == "no heading makes #no-such-heading in docs/security.md"
    assert broken(readme, "#no-such-heading") == "no heading makes #no-such-heading in README.md"
    assert broken(readme, "../outside.md") == "points outside the repository"
    page = tmp_path / "page.md"
    page.write_text("# Code `--isolated` (here)\n\n```bash\n# not a heading\n```\n\n## Twice\n\n## Twice\n")
    assert anchors(page) == {"code---isolated-here", "twice", "twice-1"}


def test_every_page_under_docs_is_found_from_the_readme() -> None:
    linked = {urllib.parse.urlsplit(t).path for t in links(ROOT / "README.md")}
    assert [p.name for p in PAGES[1:] if f"docs/{p.name}" not in linked] == []


def test_each_test_a_page_names_exists() -> None:
    """A page that says which test shows a fact names a test that is there (the limits in docs/security.md)."""
    sources = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "tests").glob("test_*.py")}
    every = "\n".join(sources.values())
    missing = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for file, name in re.findall(r"tests/(test_\w+\.py)(?:::(\w+))?", text):
            if file not in sources or (name and f"def {name}(" not in sources[file]):
                missing.append(f"{page.name}: tests/{file}{'::' + name if name else ''}")
        missing += [f"{page.name}: {name}" for name in re.findall(r"`(test_\w+)", text) if f"def {name}(" not in every]
    assert missing == []


SOURCE_PATH = re.compile(r"(?<![\w/.])((?:rlm_jupyter/)?(?:engine|llm|jupyter|demo_model|testing)/[\w/]*\w\.py"
                         r"|(?:benchmarks|scripts|tests|notebooks|binder|kernelspec)/[\w/.-]*\w)")
MODULE_NAME = re.compile(r"(?<![\w.])(rlm_jupyter(?:\.\w+)+)")


def _source_exists(path: str) -> bool:
    """A file of the checkout (one a setup makes, such as ``benchmarks/.venv``, is not for this check)."""
    return "/." in path or (ROOT / path).exists() or (ROOT / "rlm_jupyter" / path).exists()


def _module_exists(name: str) -> bool:
    """``rlm_jupyter.engine.run.loop`` is a module; ``rlm_jupyter.engine.run.loop.RLM`` names something in one."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            found = getattr(found, attribute, None)
        return found is not None
    return False


def test_each_source_file_and_module_a_page_names_exists() -> None:
    """The architecture notes and the guides name modules by path (``engine/safety/guard.py``) or dotted name: a file
    that moved leaves no page pointing at where it was."""
    missing = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        missing += [f"{page.name}: {p}" for p in dict.fromkeys(SOURCE_PATH.findall(text)) if not _source_exists(p)]
        missing += [f"{page.name}: {n}" for n in dict.fromkeys(MODULE_NAME.findall(text)) if not _module_exists(n)]
    assert missing == []
